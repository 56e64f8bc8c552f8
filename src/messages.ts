// The spec's user-facing messages (docs/spec.md §8), verbatim, in one place.
import { REQUIRED_MESSAGE } from '@/machines/messages';

export const messages = {
  required: REQUIRED_MESSAGE,
  loginFailed: 'Error al autenticar el usuario',
  registerFailed: 'Error al registrar el usuario',
  profileUpdateFailed: 'Error al actualizar el perfil',
  profileUpdateNoToken: 'No se ha podido actualizar el perfil',
  noTokenReadOrUpload: 'No se ha podido subir la imagen',
  photoUploaded: 'Imagen subida correctamente',
  profileUpdated: 'Perfil actualizado correctamente',
  genericError: 'Ha ocurrido un error',
  googleSignInFailed: 'Error al iniciar sesión con Google',
} as const;
