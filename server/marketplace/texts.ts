// What the marketplace writes for a person to read besides its refusals (./problems.ts), in the reader's language
// (server/http/texts.ts): the creator's notice of a new offer, why no offers came (GET /api/offers/outlook,
// ./outlook.ts) and why an offer matched (its reasons, ./reasons.ts). A brand's name, a campaign's title and what a
// campaign asks for (its countries and keywords) stay as the advertiser wrote them; a broadcasting language is named
// in the reader's language, with the words the complete-register wizard uses ("Inglés", "Español").
import { defineTexts } from '../http/texts.ts';

export const marketplaceTexts = defineTexts('marketplace', {
  'notice.newOffer': { en: 'New sponsorship offer', 'es-MX': 'Nueva oferta de patrocinio' },
  'notice.newOfferText': {
    en: '{brand} would like to sponsor you: {title}. Review the offer in Sponsorship Offers.',
    'es-MX': '{brand} quiere patrocinarte: {title}. Revisa la oferta en Ofertas de patrocinio.',
  },

  // The broadcasting languages a campaign targets (contract/marketplace.ts CAMPAIGN_LANGUAGES), inside a sentence.
  'language.English': { en: 'English', 'es-MX': 'inglés' },
  'language.Spanish': { en: 'Spanish', 'es-MX': 'español' },

  // An offer's state inside a sentence ("This offer is …"), for the refusals of ./problems.ts.
  'state.invited': { en: 'invited', 'es-MX': 'está pendiente' },
  'state.info_requested': { en: 'info requested', 'es-MX': 'está esperando más información' },
  'state.accepted': { en: 'accepted', 'es-MX': 'ya fue aceptada' },
  'state.declined': { en: 'declined', 'es-MX': 'fue rechazada' },
  'state.expired': { en: 'expired', 'es-MX': 'venció' },
  'state.active': { en: 'active', 'es-MX': 'ya está activa' },
  'state.completed': { en: 'completed', 'es-MX': 'ya se completó' },
  'state.paid': { en: 'paid', 'es-MX': 'ya se pagó' },

  // Why an offer matched, one reason per criterion (./reasons.ts). The creator reads them on the offer's card.
  'reason.streamsOn': { en: 'Streams on {platforms}', 'es-MX': 'Transmite en {platforms}' },
  'reason.runsOn': { en: 'The campaign runs on {platforms}', 'es-MX': 'La campaña es para {platforms}' },
  'reason.broadcastsIn': { en: 'Broadcasts in {language}', 'es-MX': 'Transmite en {language}' },
  'reason.basedIn': { en: 'Based in {country}', 'es-MX': 'Vive en {country}' },
  'reason.everyCountry': {
    en: 'Open to every country ({country})',
    'es-MX': 'Abierta a cualquier país ({country})',
  },
  'reason.contentAbout': { en: 'Content about {keywords}', 'es-MX': 'Contenido sobre {keywords}' },
  // English writes the figure as it always has (no grouping); Spanish the language's way.
  'reason.aboutViewers': {
    en: 'About {viewers} average viewers',
    'es-MX':
      '{viewers, plural, one {Alrededor de # espectador en promedio} other {Alrededor de # espectadores en promedio}}',
  },
  'reason.viewersUnmeasured': {
    en: 'Average viewers not measured yet',
    'es-MX': 'Promedio de espectadores aún sin medir',
  },
  'reason.chosenInSearch': {
    en: '{brand} chose you in creator search',
    'es-MX': '{brand} te eligió en la búsqueda de creadores',
  },

  // Why no offers came (./outlook.ts). English counts as it always has ("1000"), Spanish the language's way.
  'outlook.profile.title': { en: 'Complete your profile', 'es-MX': 'Completa tu perfil' },
  'outlook.profile.link': { en: 'Complete your profile', 'es-MX': 'Completa tu perfil' },
  'outlook.profile.field.country': { en: 'country', 'es-MX': 'tu país' },
  'outlook.profile.field.typeOfContent': { en: 'type of content', 'es-MX': 'tu tipo de contenido' },
  'outlook.profile.text': {
    en: 'Campaigns that target countries or kinds of content read your profile: add your {fields}.',
    'es-MX': 'Las campañas que buscan ciertos países o tipos de contenido leen tu perfil: agrega {fields}.',
  },
  'outlook.profile.noLanguage': {
    en: 'Matching needs your broadcasting language: no campaign can be matched to you until your profile has it.{more, select, yes { Add your {fields} too.} other {}}',
    'es-MX':
      'Para emparejarte necesitamos tu idioma de transmisión: ninguna campaña se puede emparejar contigo hasta que tu perfil lo tenga.{more, select, yes { Agrega también {fields}.} other {}}',
  },
  'outlook.channel.title': { en: 'Connect a channel', 'es-MX': 'Conecta un canal' },
  'outlook.channel.text': {
    en: 'Accepting an offer needs a connected Twitch or YouTube channel, and campaigns on one platform look for creators who stream there.',
    'es-MX':
      'Para aceptar una oferta necesitas un canal de Twitch o YouTube conectado, y las campañas de una sola plataforma buscan creadores que transmitan ahí.',
  },
  'outlook.channel.link': { en: 'Connect a channel', 'es-MX': 'Conecta un canal' },
  'outlook.none.title': {
    en: 'No campaign is taking creators right now',
    'es-MX': 'Por ahora ninguna campaña está buscando creadores',
  },
  'outlook.none.text': {
    en: 'Running campaigns are matched to you as advertisers launch them; a notification tells you when an offer comes.',
    'es-MX':
      'Las campañas se emparejan contigo a medida que los anunciantes las lanzan; una notificación te avisa cuando llega una oferta.',
  },
  'outlook.answered.title': {
    en: 'Every running campaign has made you an offer',
    'es-MX': 'Todas las campañas activas ya te hicieron una oferta',
  },
  'outlook.answered.text': {
    en: 'New campaigns are matched to you as advertisers launch them; a notification tells you when an offer comes.',
    'es-MX':
      'Las campañas nuevas se emparejan contigo a medida que los anunciantes las lanzan; una notificación te avisa cuando llega una oferta.',
  },
  'outlook.targeting.title': {
    en: 'No running campaign targets you yet',
    'es-MX': 'Todavía ninguna campaña activa te busca',
  },
  'outlook.targeting.text': {
    en: '{count, plural, one {{count} running campaign has} other {{count} running campaigns have}} no offer for you. What they ask for:',
    'es-MX':
      '{count, plural, one {# campaña activa no tiene oferta para ti. Esto es lo que pide:} other {# campañas activas no tienen oferta para ti. Esto es lo que piden:}}',
  },
  'outlook.targeting.link': { en: 'Review your profile', 'es-MX': 'Revisa tu perfil' },
  'outlook.asks.platform': {
    en: '{count, plural, one {{count} campaign runs} other {{count} campaigns run}} on {platforms}: connect that channel in Connect Accounts.',
    'es-MX':
      '{count, plural, one {# campaña es} other {# campañas son}} para {platforms}: conecta ese canal en Conectar cuentas.',
  },
  'outlook.asks.language': {
    en: '{count, plural, one {{count} campaign wants} other {{count} campaigns want}} creators broadcasting in {languages}.',
    'es-MX':
      '{count, plural, one {# campaña busca} other {# campañas buscan}} creadores que transmitan en {languages}.',
  },
  'outlook.asks.country': {
    en: '{count, plural, one {{count} campaign targets} other {{count} campaigns target}} creators based in {countries}.',
    'es-MX': '{count, plural, one {# campaña busca} other {# campañas buscan}} creadores que vivan en {countries}.',
  },
  'outlook.asks.category': {
    en: "{count, plural, one {{count} campaign looks} other {{count} campaigns look}} for content about {keywords}: say so in your profile's type of content if you stream it.",
    'es-MX':
      '{count, plural, one {# campaña busca} other {# campañas buscan}} contenido sobre {keywords}: si lo transmites, dilo en el tipo de contenido de tu perfil.',
  },
  'outlook.asks.audience': {
    en: '{count, plural, one {{count} campaign asks} other {{count} campaigns ask}} for at least {viewers} average live viewers.',
    'es-MX':
      '{count, plural, one {# campaña pide} other {# campañas piden}} {viewers, plural, one {al menos # espectador en vivo} other {al menos # espectadores en vivo}} en promedio.',
  },
  'outlook.matches.title': {
    en: '{count, plural, one {{count} campaign matches} other {{count} campaigns match}} you',
    'es-MX': '{count, plural, one {# campaña coincide contigo} other {# campañas coinciden contigo}}',
  },
  'outlook.full.text': {
    en: '{count, plural, one {It has as many open offers as it can hold} other {They have as many open offers as they can hold}} right now: you get an offer when a spot frees up.',
    'es-MX':
      '{count, plural, one {Ya tiene todas las ofertas abiertas que admite} other {Ya tienen todas las ofertas abiertas que admiten}} por ahora: recibirás una oferta cuando se libere un lugar.',
  },
  'outlook.coming.text': {
    en: 'Their offers are on the way: matching runs when you save your profile or connect a channel, and when campaigns launch.',
    'es-MX':
      'Sus ofertas van en camino: te emparejamos cuando guardas tu perfil o conectas un canal, y cuando se lanzan campañas.',
  },
  'outlook.mediaKit.title': { en: 'Publish your media kit', 'es-MX': 'Publica tu media kit' },
  'outlook.mediaKit.text': {
    en: 'Brands can then find you in search and invite you to their campaigns directly.',
    'es-MX': 'Así las marcas te encuentran en la búsqueda y te invitan directamente a sus campañas.',
  },
  'outlook.mediaKit.link': { en: 'Set up your media kit', 'es-MX': 'Configura tu media kit' },
});
