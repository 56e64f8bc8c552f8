// Connected accounts' refusals in every language (server/http/problems.ts; codes in contract/errors.ts): what Connect
// Accounts is refused (connecting, completing, disconnecting a channel), and what YouTube's WebSub hub is refused on
// its pushes. A platform's name, a setting's name and what a platform said are the same in every language.
import { intlLocale } from '../../contract/locales.ts';
import { defineProblems } from '../http/problems.ts';
import { worded } from '../http/texts.ts';

export const connectionProblems = defineProblems('connections', {
  unknown_platform: {
    en: 'Unknown platform: use {platforms}',
    'es-MX': 'Esa plataforma no existe: usa {platforms}',
  },
  creators_only: {
    en: 'Only creators connect channels',
    'es-MX': 'Solo los creadores conectan canales',
  },
  not_configured: {
    en: '{platform} is not configured on this server: set {settings}',
    'es-MX': '{platform} no está configurado en este servidor: define {settings}',
  },
  not_connected: {
    en: 'No {platform} account is connected',
    'es-MX': 'No hay ninguna cuenta de {platform} conectada',
  },
  disconnected_meanwhile: {
    en: 'No {platform} account is connected',
    'es-MX': 'Ya no hay ninguna cuenta de {platform} conectada',
  },
  connect_first: {
    en: 'Connect your {platform} account first',
    'es-MX': 'Primero conecta tu cuenta de {platform}',
  },
  connection_expired: {
    en: 'The {platform} connection has expired: connect it again',
    'es-MX': 'La conexión con {platform} venció: vuelve a conectarla',
  },
  connection_revoked: {
    en: '{platform} no longer accepts this connection: connect it again',
    'es-MX': '{platform} ya no acepta esta conexión: vuelve a conectarla',
  },
  attempt_unknown: {
    en: 'This {platform} connection attempt is unknown or was already used: connect again',
    'es-MX': 'Este intento de conexión con {platform} no existe o ya se usó: vuelve a conectar',
  },
  attempt_expired: {
    en: 'This {platform} connection attempt expired: connect again',
    'es-MX': 'Este intento de conexión con {platform} venció: vuelve a conectar',
  },
  attempt_other_account: {
    en: 'This {platform} connection was started from another Castbridge account: connect again from this one',
    'es-MX': 'Esta conexión con {platform} se inició desde otra cuenta de Castbridge: vuelve a conectar desde esta',
  },
  // `detail` is what the platform answered, as it said it.
  provider_refused: {
    en: '{platform} did not connect: {detail}',
    'es-MX': 'No se pudo conectar {platform}: {detail}',
  },
  // The platform answered outside its protocol: no token in its token answer, or no owner for the token. What it
  // said instead (`detail`) stays as it said it.
  token_missing: {
    en: '{platform} did not connect: the token answer has no access_token',
    'es-MX': 'No se pudo conectar {platform}: su respuesta no trae el access_token',
  },
  token_owner_unknown: {
    en: '{platform} did not connect: {platform} did not say whose token this is ({detail})',
    'es-MX': 'No se pudo conectar {platform}: {platform} no dijo de quién es este token ({detail})',
  },
  channel_taken: {
    en: '{platform} did not connect: This {platform} channel is already connected to another Castbridge account',
    'es-MX': 'No se pudo conectar {platform}: este canal de {platform} ya está conectado a otra cuenta de Castbridge',
  },
  no_youtube_channel: {
    en: 'YouTube did not connect: This Google account has no YouTube channel',
    'es-MX': 'No se pudo conectar YouTube: esta cuenta de Google no tiene un canal de YouTube',
  },
  // `until` is the reset as "2026-12-02 08:00 UTC".
  quota_spent: {
    en: '{platform, select, youtube {YouTube’s daily API limit for Castbridge is used up until midnight Pacific time ({until}). Connect again after that.} other {Twitch’s API limit for Castbridge is used up until {until}. Connect again after that.}}',
    'es-MX':
      '{platform, select, youtube {Castbridge ya usó su límite diario de la API de YouTube hasta la medianoche, hora del Pacífico ({until}). Vuelve a conectar después de esa hora.} other {Castbridge ya usó su límite de la API de Twitch hasta el {until}. Vuelve a conectar después de esa hora.}}',
  },
  unreachable: {
    en: '{platform} could not be reached: try again in a moment',
    'es-MX': 'No pudimos comunicarnos con {platform}: vuelve a intentarlo en un momento',
  },
  // YouTube's WebSub hub: its verification of intent and its pushes.
  feeds_not_subscribed: {
    en: 'YouTube feeds are not subscribed on this server',
    'es-MX': 'Este servidor no está suscrito a los feeds de YouTube',
  },
  subscription_unknown: {
    en: 'Castbridge did not ask for this subscription',
    'es-MX': 'Castbridge no pidió esta suscripción',
  },
  push_too_large: {
    en: 'The push is larger than a feed entry can be',
    'es-MX': 'La notificación es más grande de lo que puede ser una entrada del feed',
  },
  feed_unknown: {
    en: 'No feed of that channel is subscribed here',
    'es-MX': 'Aquí no hay ningún feed suscrito de ese canal',
  },
  push_unsigned: {
    en: 'The push is not signed (X-Hub-Signature)',
    'es-MX': 'La notificación no está firmada (X-Hub-Signature)',
  },
  push_signature_mismatch: {
    en: 'The push’s signature does not match its feed’s secret',
    'es-MX': 'La firma de la notificación no coincide con el secreto de su feed',
  },
});

/** Words joined the language's way with `or` / `and` as the English said them ("a or b", "a o b"). */
const joined = (items: readonly string[], type: 'disjunction' | 'conjunction') =>
  worded((locale) =>
    locale === 'en'
      ? items.join(type === 'disjunction' ? ' or ' : ' and ')
      : new Intl.ListFormat(intlLocale(locale), { type }).format(items),
  );

/** The platforms a path may name, as the refusal reads them: "twitch or youtube", "twitch o youtube". */
export const unknownPlatform = (platforms: readonly string[]) =>
  connectionProblems.unknown_platform.with({ platforms: joined(platforms, 'disjunction') });

/** A platform this server has no credentials for, and the settings that would give them. */
export const notConfigured = (platform: string, settings: readonly string[]) =>
  connectionProblems.not_configured.with({ platform, settings: joined(settings, 'conjunction') });
