// An uploaded image's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): a profile
// photo, a campaign's image. `field` is the multipart field, photo or image, named as it is sent; the Spanish words
// the file by it (la foto, la imagen).
import { defineProblems } from '../http/problems.ts';

export const uploadProblems = defineProblems('uploads', {
  multipart_required: {
    en: 'Send the {field} as multipart/form-data with a field named "{field}"',
    'es-MX':
      'Envía {field, select, photo {la foto} image {la imagen} other {el archivo}} como multipart/form-data en un campo llamado "{field}"',
  },
  too_large: {
    en: 'The {field} is larger than the limit of {max} bytes',
    'es-MX':
      '{field, select, photo {La foto} image {La imagen} other {El archivo}} supera el límite de {max, number} bytes',
  },
  multipart_unreadable: {
    en: 'The multipart body could not be read',
    'es-MX': 'No se pudo leer el cuerpo multipart',
  },
  file_required: {
    en: 'The multipart field "{field}" with a file is required',
    'es-MX': 'Falta el campo multipart "{field}" con un archivo',
  },
  file_empty: {
    en: 'The {field} is empty',
    'es-MX': '{field, select, photo {La foto está vacía} image {La imagen está vacía} other {El archivo está vacío}}',
  },
  not_an_image: {
    en: 'The {field} must be a PNG, JPEG, WebP or GIF image',
    'es-MX':
      '{field, select, photo {La foto} image {La imagen} other {El archivo}} debe ser una imagen PNG, JPEG, WebP o GIF',
  },
});
