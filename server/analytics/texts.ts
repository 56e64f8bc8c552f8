// What GET /api/analytics writes for the creator to read, in every language (server/http/texts.ts): the cards' titles,
// where each figure comes from, why one is missing, and the labels beside the figures. The platforms' own words (a
// run's problem as Twitch or Google told it) stay as they said them.
import { defineTexts } from '../http/texts.ts';

export const analyticsTexts = defineTexts('analytics', {
  'title.followers': { en: 'Followers', 'es-MX': 'Seguidores' },
  'title.viewers': { en: 'Viewers', 'es-MX': 'Espectadores' },
  'title.donations': { en: 'Donations', 'es-MX': 'Donaciones' },
  'title.subscribers': { en: 'Subscribers', 'es-MX': 'Suscriptores' },
  'title.views': { en: 'Views', 'es-MX': 'Vistas' },
  // The figure inside a sentence ("to see your followers").
  'what.followers': { en: 'followers', 'es-MX': 'seguidores' },
  'what.viewers': { en: 'viewers', 'es-MX': 'espectadores' },
  'what.donations': { en: 'donations', 'es-MX': 'donaciones' },
  'what.subscribers': { en: 'subscribers', 'es-MX': 'suscriptores' },
  'what.views': { en: 'views', 'es-MX': 'vistas' },

  'source.twitch.followers': {
    en: 'Twitch Helix: your channel’s follower total, read hourly (every 15 minutes while you are live).',
    'es-MX':
      'Twitch Helix: el total de seguidores de tu canal, leído cada hora (cada 15 minutos mientras estás en vivo).',
  },
  'source.twitch.viewers': {
    en: 'Twitch Helix: your live stream’s viewer count, sampled every 15 minutes while you are live.',
    'es-MX': 'Twitch Helix: los espectadores de tu transmisión, medidos cada 15 minutos mientras estás en vivo.',
  },
  'source.twitch.donations': {
    en: 'Bits cheered in your chat, counted from your chat archive (Twitch has no API for third-party tips).',
    'es-MX':
      'Los Bits que te dieron en el chat, contados desde tu archivo del chat (Twitch no tiene API para propinas de terceros).',
  },
  'source.twitch.subscribers': {
    en: 'Twitch Helix: your subscriber total (Affiliate and Partner channels).',
    'es-MX': 'Twitch Helix: el total de suscriptores de tu canal (canales Afiliados y Partners).',
  },
  'source.twitch.views': { en: 'Twitch does not report views.', 'es-MX': 'Twitch no reporta vistas.' },
  'source.youtube.subscribers': {
    en: 'YouTube Data API: your channel’s subscriber count, read hourly.',
    'es-MX': 'YouTube Data API: los suscriptores de tu canal, leídos cada hora.',
  },
  'source.youtube.donations': {
    en: 'Super Chats in your live chat, counted from your chat archive.',
    'es-MX': 'Los Super Chats de tu chat en vivo, contados desde tu archivo del chat.',
  },
  'source.youtube.viewers': {
    en: 'YouTube Data API: concurrent viewers of your live broadcast, sampled every 15 minutes while you are live.',
    'es-MX':
      'YouTube Data API: los espectadores simultáneos de tu transmisión en vivo, medidos cada 15 minutos mientras estás en vivo.',
  },
  'source.youtube.views': {
    en: 'YouTube Data API: your channel’s total video views, read hourly.',
    'es-MX': 'YouTube Data API: las vistas totales de los videos de tu canal, leídas cada hora.',
  },
  'source.youtube.followers': { en: 'YouTube has no followers.', 'es-MX': 'YouTube no tiene seguidores.' },

  // Why a card has no figure yet.
  'missing.notConnected': {
    en: 'Not connected: connect your {name} account on Connect Accounts to see your {what}.',
    'es-MX': 'Sin conectar: conecta tu cuenta de {name} en Conectar cuentas para ver tus {what}.',
  },
  'missing.noDonations': {
    en: 'No {platform, select, twitch {Bits} other {Super Chats}} in your archived chat yet.',
    'es-MX': 'Todavía no hay {platform, select, twitch {Bits} other {Super Chats}} en tu chat archivado.',
  },
  'missing.archiveOff': {
    en: 'Donations are counted from your chat archive: turn on Archive Chat for {name} to count {platform, select, twitch {Bits} other {Super Chats}}.',
    'es-MX':
      'Las donaciones se cuentan desde tu archivo del chat: activa Archivo del chat para {name} y así contar tus {platform, select, twitch {Bits} other {Super Chats}}.',
  },
  'missing.reconnect': {
    en: '{name} no longer accepts Castbridge’s connection: connect {name} again on Connect Accounts.',
    'es-MX': '{name} ya no acepta la conexión de Castbridge: vuelve a conectar {name} en Conectar cuentas.',
  },
  'missing.scope': {
    en: 'Scope missing: the {name} connection does not allow reading your {what}. Connect {name} again and allow it.',
    'es-MX':
      'Falta un permiso: la conexión de {name} no permite leer tus {what}. Vuelve a conectar {name} y permítelo.',
  },
  'missing.firstCollection': {
    en: 'First collection pending: your figures appear within a few minutes of connecting.',
    'es-MX': 'Primera lectura pendiente: tus cifras aparecen unos minutos después de conectar.',
  },
  'missing.noLiveStream': {
    en: 'No live stream collected yet: viewers are sampled every 15 minutes while you are live.',
    'es-MX':
      'Todavía no hay transmisiones en vivo registradas: los espectadores se miden cada 15 minutos mientras estás en vivo.',
  },
  'missing.notCollected': {
    en: 'Not collected yet: your figures appear after the next collection.',
    'es-MX': 'Todavía sin leer: tus cifras aparecen después de la próxima lectura.',
  },

  // Beside a figure: over which span, against what.
  'range.7d': { en: '7 days', 'es-MX': '7 días' },
  'range.30d': { en: '30 days', 'es-MX': '30 días' },
  'range.90d': { en: '90 days', 'es-MX': '90 días' },
  'range.12m': { en: '12 months', 'es-MX': '12 meses' },
  'label.inRange': { en: 'in {range}', 'es-MX': 'en {range}' },
  'label.vsPrevious': { en: 'vs the previous {range}', 'es-MX': 'frente a los {range} anteriores' },
  'label.asOf': { en: 'as of {day}', 'es-MX': 'al {day}' },
  'label.averageLive': { en: 'average while live', 'es-MX': 'promedio en vivo' },
  'note.otherCurrencies': {
    en: 'Also received (not in the chart): {list}.',
    'es-MX': 'También recibiste (fuera de la gráfica): {list}.',
  },
  'note.otherCurrency': {
    en: '{amount} in {count, plural, one {# Super Chat} other {# Super Chats}}',
    'es-MX': '{amount} en {count, plural, one {# Super Chat} other {# Super Chats}}',
  },
});
