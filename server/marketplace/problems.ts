// The marketplace's refusals in every language (server/http/problems.ts; codes in contract/errors.ts): those a
// creator meets on Sponsorship Offers, answering an offer (accept, decline, ask for more information), in its thread
// and its counter-offers. The advertiser meets some of them too (an offer's thread, a proposal's turn), in their
// language. A screen decides on the code: Accept links Connect Accounts by `marketplace.channel_required`.
import { intlLocale } from '../../contract/locales.ts';
import type { OfferStatus, Platform } from '../../contract/marketplace.ts';
import { defineProblems } from '../http/problems.ts';
import { worded, type Worded } from '../http/texts.ts';
import { marketplaceTexts } from './texts.ts';

export const marketplaceProblems = defineProblems('marketplace', {
  offer_unknown: { en: 'No such offer', 'es-MX': 'Esa oferta no existe' },
  offer_not_answerable: {
    en: 'This offer is {status}: it cannot be {action, select, accept {accepted} decline {declined} other {asked about}} now',
    'es-MX':
      'Esta oferta {status}: ahora no puedes {action, select, accept {aceptarla} decline {rechazarla} other {pedir más información sobre ella}}',
  },
  offer_changed: {
    en: 'This offer changed meanwhile; reload it',
    'es-MX': 'Esta oferta cambió mientras tanto; vuelve a cargarla',
  },
  campaign_not_active: {
    en: 'This campaign is {status}: it is not taking offers right now',
    'es-MX':
      'Esta campaña {status, select, draft {todavía es un borrador} paused {está en pausa} completed {ya terminó} cancelled {se canceló} other {no está activa}}: por ahora no está aceptando ofertas',
  },
  campaign_full: {
    en: 'All spots of this campaign are taken',
    'es-MX': 'Todos los lugares de esta campaña ya están ocupados',
  },
  // contract/marketplace.ts connectBeforeAcceptMessage says the English, for the screens that knew it by its start.
  channel_required: {
    en: 'Connect your {platforms} channel in Connect Accounts before accepting: Castbridge counts display only while {count, plural, one {{platforms} confirms} other {the platform confirms}} you are live.',
    'es-MX':
      'Conecta tu canal de {platforms} en Conectar cuentas antes de aceptar: Castbridge solo cuenta la exhibición mientras {count, plural, one {{platforms} confirma} other {la plataforma confirma}} que estás en vivo.',
  },
  // The words the contract's schema answered before the handler checked the reason.
  decline_reason_too_long: {
    en: 'reason: must be at most {max} characters',
    'es-MX': 'El motivo puede tener como máximo {max, number} caracteres.',
  },
  thread_closed: {
    en: 'This offer is {status}: its conversation is closed',
    'es-MX': 'Esta oferta {status}: su conversación está cerrada',
  },
  offer_not_negotiable: {
    en: 'This offer is {status}: its terms can no longer be negotiated',
    'es-MX': 'Esta oferta {status}: sus condiciones ya no se pueden negociar',
  },
  proposal_unknown: { en: 'No such proposal', 'es-MX': 'Esa propuesta no existe' },
  own_proposal: {
    en: 'The other side answers your proposal',
    'es-MX': 'Tu propuesta la responde la otra parte',
  },
  proposal_closed: {
    en: 'This proposal is {status}: it can no longer be answered',
    'es-MX':
      'Esta propuesta {status, select, accepted {ya fue aceptada} declined {fue rechazada} countered {ya recibió una contraoferta} withdrawn {fue retirada} other {ya no está abierta}}: ya no se puede responder',
  },
  proposal_answered: {
    en: 'This proposal was answered meanwhile; reload the offer',
    'es-MX': 'Esta propuesta se respondió mientras tanto; vuelve a cargar la oferta',
  },
  proposal_waiting: {
    en: 'Your proposal is waiting for an answer: the other side answers it first',
    'es-MX': 'Tu propuesta está esperando respuesta: primero la responde la otra parte',
  },
  brand_short_of_funds: {
    en: '{brand} cannot cover {pay} right now: their balance is short. Try again once they have added funds.',
    'es-MX':
      '{brand} no puede cubrir {pay} en este momento: su saldo no alcanza. Vuelve a intentarlo cuando haya agregado fondos.',
  },
  // The advertiser's: its campaigns, the invitations it sends from search, its creator lists.
  campaign_unknown: { en: 'No such campaign', 'es-MX': 'Esa campaña no existe' },
  campaign_not_draft: {
    en: 'Only a draft campaign can be edited',
    'es-MX': 'Solo se puede editar una campaña en borrador',
  },
  campaign_image_not_draft: {
    en: 'Only a draft campaign can change its image',
    'es-MX': 'Solo una campaña en borrador puede cambiar su imagen',
  },
  campaign_action_refused: {
    en: 'A {status} campaign cannot {action}',
    'es-MX':
      'Una campaña {status, select, draft {en borrador} active {activa} paused {en pausa} completed {terminada} cancelled {cancelada} other {{status}}} no se puede {action, select, launch {lanzar} pause {pausar} resume {reanudar} cancel {cancelar} other {{action}}}',
  },
  campaign_changed: {
    en: 'The campaign changed meanwhile; reload it',
    'es-MX': 'La campaña cambió mientras tanto; vuelve a cargarla',
  },
  launch_needs_approval: {
    en: 'Your company profile must be approved by Castbridge before you launch a campaign',
    'es-MX': 'Castbridge debe aprobar el perfil de tu empresa antes de que lances una campaña',
  },
  launch_needs_platform: {
    en: 'Choose at least one platform before launching',
    'es-MX': 'Elige al menos una plataforma antes de lanzarla',
  },
  launch_needs_language: {
    en: 'Choose at least one broadcasting language before launching',
    'es-MX': 'Elige al menos un idioma de transmisión antes de lanzarla',
  },
  launch_needs_description: {
    en: 'Describe the campaign before launching',
    'es-MX': 'Describe la campaña antes de lanzarla',
  },
  launch_window_over: {
    en: 'The campaign window has already ended: change its dates before launching',
    'es-MX': 'El periodo de la campaña ya terminó: cambia sus fechas antes de lanzarla',
  },
  spots_not_running: {
    en: 'A {status} campaign cannot add spots: only an active or paused one can',
    'es-MX':
      'Una campaña {status, select, draft {en borrador} completed {terminada} cancelled {cancelada} other {{status}}} no puede sumar lugares: solo una activa o en pausa puede',
  },
  spots_too_many: {
    en: 'A campaign has at most {max} spots: this one has {spots}',
    'es-MX': 'Una campaña tiene como máximo {max, number} lugares: esta ya tiene {spots, number}',
  },
  creator_unknown: { en: 'No such creator', 'es-MX': 'Ese creador no existe' },
  invite_draft: {
    en: 'Not launched yet (a draft): only an active campaign takes invitations',
    'es-MX': 'Todavía no se lanza (es un borrador): solo una campaña activa acepta invitaciones',
  },
  invite_paused: {
    en: 'Paused: resume it to take invitations',
    'es-MX': 'En pausa: reanúdala para aceptar invitaciones',
  },
  invite_not_active: {
    en: 'This campaign is {status}: only an active campaign takes invitations',
    'es-MX':
      'Esta campaña {status, select, completed {ya terminó} cancelled {se canceló} other {no está activa}}: solo una campaña activa acepta invitaciones',
  },
  // `state` is the offer's status as offerState words it, or none when the offer appeared meanwhile.
  invite_existing_offer: {
    en: '{creator} already has an offer of this campaign{hasState, select, yes { ({state})} other {}}',
    'es-MX': '{creator} ya tiene una oferta de esta campaña{hasState, select, yes { (la oferta {state})} other {}}',
  },
  invite_too_many_open: {
    en: 'This campaign already has {open} open offers for its {left} free {left, plural, one {spot} other {spots}} (at most {perSpot} per spot): wait for answers, or add spots',
    'es-MX':
      'Esta campaña ya tiene {open, number} ofertas abiertas para {left, plural, one {su # lugar libre} other {sus # lugares libres}} (como máximo {perSpot, number} por lugar): espera las respuestas o suma lugares',
  },
  list_unknown: { en: 'No such list', 'es-MX': 'Esa lista no existe' },
  lists_full: {
    en: 'You have {max} lists, the most you can keep: delete one first',
    'es-MX': 'Ya tienes {max, number} listas, el máximo que puedes guardar: primero borra una',
  },
  list_full: {
    en: 'A list holds at most {max} creators: start another list',
    'es-MX': 'Una lista tiene como máximo {max, number} creadores: empieza otra lista',
  },
  offer_already_completed: {
    en: 'This offer is already completed',
    'es-MX': 'Esta oferta ya está completada',
  },
  offer_not_completable: {
    en: 'This offer is {status}: only an accepted offer can be completed',
    'es-MX': 'Esta oferta {status}: solo se puede completar una oferta aceptada',
  },
  // Who may do what: the 403s of roles and sides.
  answers_are_the_creators: {
    en: 'Only the creator the offer was made to can answer it',
    'es-MX': 'Solo el creador que recibió la oferta puede responderla',
  },
  offers_creators_only: {
    en: 'Only creators receive offers',
    'es-MX': 'Solo los creadores reciben ofertas',
  },
  operators_no_offers: {
    en: 'Operators see campaigns in the console, not offers',
    'es-MX': 'Los operadores ven las campañas en la consola, no las ofertas',
  },
  delivery_advertiser_only: {
    en: "Only the campaign's advertiser confirms a delivery",
    'es-MX': 'Solo el anunciante de la campaña puede confirmar una entrega',
  },
  media_kit_creators_only: {
    en: 'Only creators have a media kit',
    'es-MX': 'Solo los creadores tienen media kit',
  },
  // contract/mediaKit.ts HANDLE_TAKEN says the English.
  handle_taken: {
    en: 'That handle is taken',
    'es-MX': 'Ese nombre de usuario ya está ocupado',
  },
  search_needs_profile: {
    en: 'Send your company profile for review first: creators can be searched once it is approved',
    'es-MX': 'Primero envía el perfil de tu empresa a revisión: podrás buscar creadores cuando se apruebe',
  },
  search_needs_approval: {
    en: 'Your company profile is {status}: creators can be searched once it is approved',
    'es-MX':
      'El perfil de tu empresa {status, select, pending {está en revisión} rejected {fue rechazado} other {no está aprobado}}: podrás buscar creadores cuando se apruebe',
  },
  // Counter-offers: the advertiser's answer, and the money a change of pay moves.
  creator_proposes_first: {
    en: 'There is no proposal from the creator to answer: the creator proposes first',
    'es-MX': 'No hay ninguna propuesta del creador que responder: el creador propone primero',
  },
  creator_channel_required: {
    en: "{creator} has no channel connected on this campaign's platforms yet: the offer can be accepted once they connect one",
    'es-MX':
      '{creator} todavía no tiene un canal conectado en las plataformas de esta campaña: podrás aceptar la oferta cuando conecte uno',
  },
  reservation_cannot_cover: {
    en: "The campaign's reservation cannot cover this change; reload the campaign",
    'es-MX': 'La reserva de la campaña no alcanza para este cambio; vuelve a cargar la campaña',
  },
  // contract/marketplace.ts shortOfFundsMessage says the English; the reply flow knows it by its code and links Funds.
  accept_short_of_funds: {
    en: 'Accepting needs {missing} more than your balance holds: add funds first',
    'es-MX': 'Para aceptar necesitas {missing} más de lo que tiene tu saldo: primero agrega fondos',
  },
});

/** An offer's status inside a refusal: "info requested" in English, "está esperando más información" in Spanish. */
export const offerState = (status: OfferStatus): Worded =>
  worded((locale) => marketplaceTexts(locale)(`state.${status}`));

/** The platforms an accept needs a channel on, as the refusal reads them: "Twitch or YouTube", "Twitch o YouTube". */
export const channelRequired = (platforms: readonly Platform[]) =>
  marketplaceProblems.channel_required.with({
    platforms: worded((locale) =>
      locale === 'en'
        ? platforms.join(' or ')
        : new Intl.ListFormat(intlLocale(locale), { type: 'disjunction' }).format(platforms),
    ),
    count: platforms.length,
  });
