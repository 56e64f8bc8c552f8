// What the marketplace writes for a person to read besides its refusals (./problems.ts), in the reader's language
// (server/http/texts.ts): its notices (a new offer or an invitation, an offer's answers, a counter-offer's rounds, a
// thread's messages, an offer expired, a campaign full or ended, a sponsorship completed), why no offers came (GET
// /api/offers/outlook, ./outlook.ts) and why an offer matched (its reasons, ./reasons.ts). A brand's name, a
// campaign's title, a person's name, what a person wrote and what a campaign asks for (its countries and keywords)
// stay as written; sums are `money(cents)`; a broadcasting language is named in the reader's language, with the words
// the complete-register wizard uses ("Inglés", "Español").
import { defineTexts, worded, type Worded } from '../http/texts.ts';

export const marketplaceTexts = defineTexts('marketplace', {
  'notice.newOffer': { en: 'New sponsorship offer', 'es-MX': 'Nueva oferta de patrocinio' },
  'notice.newOfferText': {
    en: '{brand} would like to sponsor you: {title}. Review the offer in Sponsorship Offers.',
    'es-MX': '{brand} quiere patrocinarte: {title}. Revisa la oferta en Ofertas de patrocinio.',
  },
  // To the creator a brand chose in creator search (./invitations.ts): the brand's message as written, if any.
  'notice.invitation': { en: 'Invitation from {brand}', 'es-MX': 'Invitación de {brand}' },
  'notice.invitationText': {
    en: '{brand} invites you to sponsor {title}{hasMessage, select, yes {: {message}} other {.}} Review the offer in Sponsorship Offers.',
    'es-MX':
      '{brand} te invita a su campaña de patrocinio {title}{hasMessage, select, yes {: {message}} other {.}} Revisa la oferta en Ofertas de patrocinio.',
  },

  // To the advertiser, the creator's answer to an offer (./offers.ts): a decline's reason and a question as written.
  'notice.accepted': { en: 'Offer accepted', 'es-MX': 'Oferta aceptada' },
  'notice.acceptedText': { en: '{creator} accepted "{title}".', 'es-MX': '{creator} aceptó «{title}».' },
  'notice.declined': { en: 'Offer declined', 'es-MX': 'Oferta rechazada' },
  'notice.declinedText': {
    en: '{creator} declined "{title}"{hasReason, select, yes {: {reason}} other {.}}',
    'es-MX': '{creator} rechazó «{title}»{hasReason, select, yes {: {reason}} other {.}}',
  },
  'notice.infoRequested': { en: 'More information requested', 'es-MX': 'Te piden más información' },
  'notice.infoRequestedText': {
    en: '{creator} asks about "{title}": {message}',
    'es-MX': '{creator} pregunta sobre «{title}»: {message}',
  },
  // To the advertiser, when the last spot was taken.
  'notice.campaignFull': { en: 'Campaign full', 'es-MX': 'Campaña llena' },
  'notice.campaignFullText': {
    en: 'Every spot of "{title}" is taken.',
    'es-MX': 'Ya se ocuparon todos los lugares de «{title}».',
  },

  // A counter-offer's rounds (./proposals.ts), to the other side: `from` is the creator's name or the brand's. The
  // terms are `notice.terms`, worded in the same language. English writes the minutes as it always has ("1000").
  'notice.terms': {
    en: '{pay} for {minutes, plural, one {{minutes} minute} other {{minutes} minutes}}',
    'es-MX': '{pay} por {minutes, plural, one {# minuto} other {# minutos}}',
  },
  'notice.proposal': { en: 'New proposal', 'es-MX': 'Nueva propuesta' },
  'notice.proposalText': {
    en: '{from} proposes {terms} for "{title}": {message}',
    'es-MX': '{from} propone {terms} para «{title}»: {message}',
  },
  'notice.counterOffer': { en: 'Counter-offer', 'es-MX': 'Contraoferta' },
  'notice.counterOfferText': {
    en: '{from} countered {terms} for "{title}": {message}',
    'es-MX': '{from} hizo una contraoferta de {terms} para «{title}»: {message}',
  },
  'notice.counterAccepted': { en: 'Counter-offer accepted', 'es-MX': 'Contraoferta aceptada' },
  'notice.counterAcceptedText': {
    en: '{from} accepted {terms} for "{title}": the offer is accepted.',
    'es-MX': '{from} aceptó {terms} para «{title}»: la oferta quedó aceptada.',
  },
  'notice.counterDeclined': { en: 'Counter-offer declined', 'es-MX': 'Contraoferta rechazada' },
  'notice.counterDeclinedText': {
    en: '{from} declined {terms} for "{title}": the offer stays open at its previous terms.',
    'es-MX': '{from} rechazó {terms} para «{title}»: la oferta sigue abierta con sus condiciones anteriores.',
  },

  // A counter-offer's round as a line of the offer's thread (./thread-lines.ts), worded for whoever reads it; the
  // thread names its author beside it. `message`: what the author wrote, as written. The English is the line's as
  // it was stored before (0040).
  'thread.proposed': { en: 'Proposed {terms}: {message}', 'es-MX': 'Propuso {terms}: {message}' },
  'thread.countered': {
    en: 'Countered with {terms}: {message}',
    'es-MX': 'Hizo una contraoferta de {terms}: {message}',
  },
  'thread.accepted': { en: 'Accepted {terms}.', 'es-MX': 'Aceptó {terms}.' },
  'thread.declined': { en: 'Declined {terms}.', 'es-MX': 'Rechazó {terms}.' },

  // A message in an offer's thread (./offers.ts), one unread notice counting them: to the creator from the brand, to
  // the advertiser from "a creator"; the text names who wrote the newest and quotes it as written.
  'notice.messageToCreator': {
    en: '{count, plural, =1 {New message from {brand}} other {{count} new messages from {brand}}}',
    'es-MX': '{count, plural, =1 {Nuevo mensaje de {brand}} other {# mensajes nuevos de {brand}}}',
  },
  'notice.messageToAdvertiser': {
    en: '{count, plural, =1 {New message from a creator} other {{count} new messages from a creator}}',
    'es-MX': '{count, plural, =1 {Nuevo mensaje de un creador} other {# mensajes nuevos de un creador}}',
  },
  'notice.messageText': { en: '{from} about "{title}": {message}', 'es-MX': '{from} sobre «{title}»: {message}' },

  // To the creator, an open or undelivered offer that ended with its campaign (./campaigns.ts): `why` is 'full' (every
  // spot taken), 'cancelled', 'ended' or 'undelivered' (ended before the delivery was confirmed).
  'notice.expired': { en: 'Offer expired', 'es-MX': 'Oferta vencida' },
  'notice.expiredText': {
    en: `{brand}'s offer "{title}" {why, select, full {is full: every spot was taken} cancelled {was cancelled by the advertiser} ended {has ended} other {ended before its delivery was confirmed}}.`,
    'es-MX':
      'La oferta «{title}» de {brand} venció: {why, select, full {ya se ocuparon todos los lugares de la campaña} cancelled {el anunciante canceló la campaña} ended {la campaña terminó} other {la campaña terminó antes de que se confirmara tu entrega}}.',
  },
  // To the advertiser, a campaign whose window ended: how many creators completed it, and what returned.
  'notice.campaignEnded': { en: 'Campaign ended', 'es-MX': 'Campaña terminada' },
  'notice.campaignEndedText': {
    en: '"{title}" has ended: {count, plural, one {{count} creator} other {{count} creators}} completed it{released, select, yes {; {amount} returned to your balance} other {}}.',
    'es-MX':
      '«{title}» terminó: {count, plural, =0 {ningún creador la completó} one {# creador la completó} other {# creadores la completaron}}{released, select, yes {; se devolvió {amount} a tu saldo} other {}}.',
  },

  // A completed offer (./completion.ts). To the creator: the advertiser confirmed it and the pay is available, or the
  // overlay's verified minutes or the deliverables Castbridge counted (per click: `clicks` 'partial', the window ended
  // below the cap, or 'capped'; otherwise 'none') completed it and the pay waits for the review window, or is held
  // for Castbridge's review (`held` 'yes').
  'notice.completed': { en: 'Sponsorship completed', 'es-MX': 'Patrocinio completado' },
  'notice.completedConfirmedText': {
    en: '{brand} confirmed "{title}": {amount} is in your Earning Balance.',
    'es-MX': '{brand} confirmó «{title}»: {amount} ya está en tu saldo de ganancias.',
  },
  'notice.completedOverlayText': {
    en: 'Your overlay showed "{title}" for its full time: {amount} {held, select, yes {is held for a review by Castbridge} other {is pending review until {until}}}, then it moves to your Earning Balance.',
    'es-MX':
      'Tu overlay mostró «{title}» durante todo el tiempo pedido: {amount} {held, select, yes {queda retenido para una revisión de Castbridge} other {queda en revisión hasta el {until}}}; después pasa a tu saldo de ganancias.',
  },
  'notice.completedDeliverablesText': {
    en: `{clicks, select, partial {The campaign "{title}" has ended and your tracked link's clicks earned {pay} of the {cap} cap} capped {Your tracked link's clicks for "{title}" reached the {cap} cap} other {You delivered everything "{title}" asked for}}: {amount} {held, select, yes {is held for a review by Castbridge} other {is pending review until {until}}}, then it moves to your Earning Balance.`,
    'es-MX':
      '{clicks, select, partial {La campaña «{title}» terminó y los clics de tu enlace rastreado ganaron {pay} del tope de {cap}} capped {Los clics de tu enlace rastreado para «{title}» alcanzaron el tope de {cap}} other {Entregaste todo lo que pedía «{title}»}}: {amount} {held, select, yes {queda retenido para una revisión de Castbridge} other {queda en revisión hasta el {until}}}; después pasa a tu saldo de ganancias.',
  },
  // To the advertiser: they confirmed it and it is paid, or the platform verified it or Castbridge counted it, and
  // they may dispute it until the review window ends.
  'notice.deliveryConfirmed': { en: 'Delivery confirmed', 'es-MX': 'Entrega confirmada' },
  'notice.deliveryConfirmedPaidText': {
    en: '{creator} completed "{title}" and was paid {pay}.',
    'es-MX': '{creator} completó «{title}» y se le pagó {pay}.',
  },
  'notice.deliveryConfirmedOverlayText': {
    en: '{creator} completed "{title}", verified by the platform: {pay} is paid once the review window ends. You can review the proof and dispute it until {until}{held, select, yes {; Castbridge also holds it for a review of the proof} other {}}.',
    'es-MX':
      '{creator} completó «{title}», verificado por la plataforma: {pay} se paga cuando termine el periodo de revisión. Puedes revisar la prueba y disputarla hasta el {until}{held, select, yes {; Castbridge además retiene el pago para revisar la prueba} other {}}.',
  },
  'notice.deliveryConfirmedDeliverablesText': {
    en: `{clicks, select, partial {{creator}'s tracked link for "{title}" earned {pay} in counted clicks (the rest of the {cap} cap returns to your balance)} capped {{creator}'s tracked link for "{title}" earned {pay} in counted clicks (its cap)} other {{creator} delivered everything "{title}" asked for, as Castbridge counted it}}: {pay} is paid once the review window ends. You can review the proof and dispute it until {until}{held, select, yes {; Castbridge also holds it for a review of the proof} other {}}.`,
    'es-MX':
      '{clicks, select, partial {El enlace rastreado de {creator} para «{title}» ganó {pay} en clics contados (el resto del tope de {cap} vuelve a tu saldo)} capped {El enlace rastreado de {creator} para «{title}» ganó {pay} en clics contados (su tope)} other {{creator} entregó todo lo que pedía «{title}», según el conteo de Castbridge}}: {pay} se paga cuando termine el periodo de revisión. Puedes revisar la prueba y disputarla hasta el {until}{held, select, yes {; Castbridge además retiene el pago para revisar la prueba} other {}}.',
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

/** A marketplace text's id. */
export type MarketplaceTextId = Parameters<ReturnType<typeof marketplaceTexts>>[0];

/**
 * A marketplace text as a notice's title or text, worded in its reader's language when the notice is written
 * (`notifier.create`, server/notifications/store.ts); its values may be worded too (`money(cents)`).
 */
export const marketplaceWords = (id: MarketplaceTextId, values?: Record<string, unknown>): Worded =>
  worded((locale) => marketplaceTexts(locale)(id, values));
