// The accounts domain's refusals in every language (server/http/problems.ts; codes in contract/errors.ts). The
// screens show some of them as the spec words them instead (a failed sign-in reads "Error al autenticar el usuario").
import { defineProblems } from '../http/problems.ts';

export const accountProblems = defineProblems('accounts', {
  email_taken: {
    en: 'An account with this email already exists',
    'es-MX': 'Ya existe una cuenta con este correo electrónico',
  },
  invalid_login: {
    en: 'Invalid email or password',
    'es-MX': 'El correo electrónico o la contraseña no son correctos',
  },
  google_token_invalid: {
    en: 'Invalid or expired Google sign-in token',
    'es-MX': 'El inicio de sesión con Google no es válido o ya expiró',
  },
  sign_in_throttled: {
    en: 'Too many failed {what, select, password {password attempts} other {sign-in attempts}}. Try again in {unit, select, seconds {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}}, or choose a new password with "Forgot your password?" on the login page.',
    'es-MX':
      'Demasiados intentos fallidos {what, select, password {de contraseña} other {de inicio de sesión}}. Vuelve a intentarlo en {unit, select, seconds {{count, plural, one {# segundo} other {# segundos}}} other {{count, plural, one {# minuto} other {# minutos}}}}, o elige una contraseña nueva con "¿Olvidaste tu contraseña?" en la página de inicio de sesión.',
  },
  password_too_short: {
    en: 'Password must be at least {min} characters long',
    'es-MX': 'La contraseña debe tener al menos {min} caracteres',
  },
  password_too_long: {
    en: 'Password must be at most {max} characters long',
    'es-MX': 'La contraseña debe tener como máximo {max} caracteres',
  },
  password_too_common: {
    en: 'This password is too common; choose a less predictable one',
    'es-MX': 'Esta contraseña es demasiado común; elige una menos predecible',
  },
  reset_link_unknown: {
    en: 'This reset link is not valid. Ask for a new one.',
    'es-MX': 'Este enlace para restablecer la contraseña no es válido. Pide uno nuevo.',
  },
  reset_link_used: {
    en: 'This reset link was already used or replaced by a newer one. Ask for a new one.',
    'es-MX': 'Este enlace ya se usó o lo reemplazó uno más reciente. Pide uno nuevo.',
  },
  reset_link_expired: {
    en: 'This reset link has expired. Ask for a new one.',
    'es-MX': 'Este enlace para restablecer la contraseña ya expiró. Pide uno nuevo.',
  },
  wrong_current_password: {
    en: 'Your current password is not correct',
    'es-MX': 'Tu contraseña actual no es correcta',
  },
  wrong_password: {
    en: 'The password is not correct',
    'es-MX': 'La contraseña no es correcta',
  },
  password_required: {
    en: 'password: is required to delete a password account',
    'es-MX': 'password: escribe tu contraseña para eliminar una cuenta que la usa',
  },
  no_password: {
    en: 'Your account signs in with Google and has no password yet. Choose one with "Forgot password" on the login page.',
    'es-MX':
      'Tu cuenta inicia sesión con Google y todavía no tiene contraseña. Elige una con "¿Olvidaste tu contraseña?" en la página de inicio de sesión.',
  },
  account_gone: {
    en: 'This account no longer exists',
    'es-MX': 'Esta cuenta ya no existe',
  },
  image_not_current: {
    en: 'image: must be the current photo URL, "" or null; upload a new photo with POST /api/upload-photo',
    'es-MX': 'image: debe ser la URL de la foto actual, "" o null; sube una foto nueva con POST /api/upload-photo',
  },
});
