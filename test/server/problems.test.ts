// The API's refusals in every language (server/http/problems.ts): every code the contract lists has its texts, in
// English and in Spanish, and a request's language is read as RFC 9110 says.
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, ERROR_CODES, STATUS_CODES } from '../../contract/errors.ts';
import { acceptedLanguages, pickLocale } from '../../contract/locales.ts';
import { stripeNeeds } from '../../contract/money.ts';
import { accountProblems } from '../../server/accounts/problems.ts';
import { HttpError } from '../../server/http/errors.ts';
import { httpProblems } from '../../server/http/http-problems.ts';
import { definedProblems, formatProblem, type ProblemKind } from '../../server/http/problems.ts';
import { money, wordList, worded } from '../../server/http/texts.ts';
import { moneyProblems } from '../../server/money/problems.ts';
import { channelRequired, marketplaceProblems, offerState } from '../../server/marketplace/problems.ts';
import { deliverablesProblems } from '../../server/deliverables/problems.ts';
import { overlayProblems } from '../../server/overlay/problems.ts';
import { uploadProblems } from '../../server/uploads/problems.ts';
import { connectionProblems, notConfigured, unknownPlatform } from '../../server/connections/problems.ts';
import { connectBeforeAcceptMessage, shortOfFundsMessage } from '../../contract/marketplace.ts';

// Every domain's table, loaded whatever the files run before this one: a domain added later is held to the contract
// without being listed here.
const tables = import.meta.glob<Record<string, unknown>>('../../server/*/problems.ts', { eager: true });
const everyKind = (): ProblemKind[] =>
  [httpProblems, ...Object.values(tables).flatMap((module) => Object.values(module))].flatMap((table) =>
    Object.values(table as Record<string, unknown>).filter(
      (kind): kind is ProblemKind => typeof kind === 'object' && kind !== null && 'code' in kind && 'with' in kind,
    ),
  );

describe('refusals', () => {
  it('has texts for every code of its own that the contract lists, and for no other', () => {
    expect(Object.keys(tables).length).toBeGreaterThanOrEqual(12);
    expect([...definedProblems()].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(new Set(ALL_ERROR_CODES).size).toBe(ALL_ERROR_CODES.length);
  });

  it('says each of them in Spanish, not in English again', () => {
    for (const kind of everyKind()) {
      const values = {
        first: 'creator',
        second: 'none',
        minutes: 2,
        count: 3,
        unit: 'seconds',
        what: 'sign-in',
        ...{ minimum: money(5_000), balance: money(7_500), amount: money(7_501), needs: 'x', reason: 'y' },
        ...{ limit: 5, day: '2026-12-02', hours: 3, detail: 'z' },
        ...{ status: offerState('expired'), action: 'accept', platforms: 'Twitch', brand: 'Nova', pay: money(15_000) },
        max: 500,
        ...{ offerId: 'o-1', code: 'NOVA-10', hasCode: 'yes', prefix: 'cbr_', seconds: 30, line: 2, problem: 'x' },
        ...{ rows: 12_000, field: 'photo' },
        ...{ platform: 'Twitch', settings: 'TWITCH_CLIENT_ID', until: '2026-12-02 08:00 UTC' },
        ...{ owed: money(2_500), disputeOpen: 'yes', earned: money(10_000), added: 2, ends: 'Nov 29, 2026, 14:05 UTC' },
        ...{ missing: money(5_000), creator: 'LunaPlays_MX' },
      };
      const english = formatProblem(kind.with(values), 'en');
      const spanish = formatProblem(kind.with(values), 'es-MX');
      expect(spanish, kind.code).not.toBe(english);
      expect(spanish, kind.code).not.toMatch(/\{|\}/);
    }
  });

  it('counts in each language, and the English keeps the words the screens and tests knew', () => {
    const throttled = (what: string, unit: string, count: number) =>
      accountProblems.sign_in_throttled.with({ what, unit, count });
    expect(formatProblem(throttled('sign-in', 'seconds', 1), 'en')).toBe(
      'Too many failed sign-in attempts. Try again in 1 second, or choose a new password with "Forgot your password?" on the login page.',
    );
    expect(formatProblem(throttled('password', 'minutes', 15), 'es-MX')).toBe(
      'Demasiados intentos fallidos de contraseña. Vuelve a intentarlo en 15 minutos, o elige una contraseña nueva con "¿Olvidaste tu contraseña?" en la página de inicio de sesión.',
    );
    expect(formatProblem(httpProblems.role_required.with({ first: 'advertiser', second: 'none' }), 'en')).toBe(
      'Only advertiser accounts can do this',
    );
    expect(formatProblem(httpProblems.role_required.with({ first: 'creator', second: 'advertiser' }), 'es-MX')).toBe(
      'Solo las cuentas de creador o de anunciante pueden hacer esto',
    );
  });

  it('writes the money and the lists in its values the language’s way, still in US dollars', () => {
    const over = moneyProblems.over_balance.with({ balance: money(128_950), amount: money(200_000) });
    expect(formatProblem(over, 'en')).toBe('Your available balance is $1,289.50: you cannot withdraw $2,000.');
    expect(formatProblem(over, 'es-MX')).toBe(
      'Tu saldo disponible es de USD\u00a01,289.50: no puedes retirar USD\u00a02,000.',
    );
    const needs = moneyProblems.stripe_needs_details.with({
      needs: wordList((locale) =>
        stripeNeeds(['individual.dob.day', 'individual.dob.month', 'external_account'], locale),
      ),
    });
    expect(formatProblem(needs, 'en')).toBe(
      'Stripe cannot pay you yet: Stripe still needs your date of birth and the bank account to pay you into. Finish in Set Payout Method.',
    );
    expect(formatProblem(needs, 'es-MX')).toBe(
      'Stripe todavía no puede pagarte: aún necesita tu fecha de nacimiento y la cuenta bancaria donde se te paga. Termina en Configurar método de pago.',
    );
  });

  it('says an offer’s refusals with its status and platforms worded, the English as the screens knew it', () => {
    for (const platforms of [['Twitch'], ['YouTube'], ['Twitch', 'YouTube']] as const)
      expect(formatProblem(channelRequired(platforms), 'en')).toBe(connectBeforeAcceptMessage(platforms));
    expect(formatProblem(channelRequired(['Twitch', 'YouTube']), 'es-MX')).toBe(
      'Conecta tu canal de Twitch o YouTube en Conectar cuentas antes de aceptar: Castbridge solo cuenta la exhibición mientras la plataforma confirma que estás en vivo.',
    );
    const answered = (action: string) =>
      marketplaceProblems.offer_not_answerable.with({ status: offerState('info_requested'), action });
    expect(formatProblem(answered('request-info'), 'en')).toBe(
      'This offer is info requested: it cannot be asked about now',
    );
    expect(formatProblem(answered('decline'), 'en')).toBe('This offer is info requested: it cannot be declined now');
    expect(formatProblem(answered('accept'), 'es-MX')).toBe(
      'Esta oferta está esperando más información: ahora no puedes aceptarla',
    );
    const short = marketplaceProblems.brand_short_of_funds.with({ brand: 'Nova Energy', pay: money(15_050) });
    expect(formatProblem(short, 'en')).toBe(
      'Nova Energy cannot cover $150.50 right now: their balance is short. Try again once they have added funds.',
    );
    expect(formatProblem(short, 'es-MX')).toBe(
      'Nova Energy no puede cubrir USD\u00a0150.50 en este momento: su saldo no alcanza. Vuelve a intentarlo cuando haya agregado fondos.',
    );
  });

  it('says the advertiser’s refusals in their language, the English as the screens knew it', () => {
    const m = marketplaceProblems;
    const both = (problem: Parameters<typeof formatProblem>[0]) => [
      formatProblem(problem, 'en'),
      formatProblem(problem, 'es-MX'),
    ];
    expect(both(m.campaign_action_refused.with({ status: 'completed', action: 'pause' }))).toEqual([
      'A completed campaign cannot pause',
      'Una campaña terminada no se puede pausar',
    ]);
    expect(both(m.spots_too_many.with({ max: 1000, spots: 998 }))).toEqual([
      'A campaign has at most 1000 spots: this one has 998',
      'Una campaña tiene como máximo 1,000 lugares: esta ya tiene 998',
    ]);
    expect(
      both(
        m.invite_existing_offer.with({ creator: 'LunaPlays_MX', hasState: 'yes', state: offerState('info_requested') }),
      ),
    ).toEqual([
      'LunaPlays_MX already has an offer of this campaign (info requested)',
      'LunaPlays_MX ya tiene una oferta de esta campaña (la oferta está esperando más información)',
    ]);
    expect(both(m.invite_existing_offer.with({ creator: 'LunaPlays_MX', hasState: 'no', state: '' }))).toEqual([
      'LunaPlays_MX already has an offer of this campaign',
      'LunaPlays_MX ya tiene una oferta de esta campaña',
    ]);
    for (const [left, english, spanish] of [
      [1, 'its 1 free spot', 'su 1 lugar libre'],
      [2, 'its 2 free spots', 'sus 2 lugares libres'],
    ] as const)
      expect(both(m.invite_too_many_open.with({ open: left * 3, left, perSpot: 3 }))).toEqual([
        `This campaign already has ${left * 3} open offers for ${english} (at most 3 per spot): wait for answers, or add spots`,
        `Esta campaña ya tiene ${left * 3} ofertas abiertas para ${spanish} (como máximo 3 por lugar): espera las respuestas o suma lugares`,
      ]);
    expect(both(m.offer_not_completable.with({ status: offerState('expired') }))).toEqual([
      'This offer is expired: only an accepted offer can be completed',
      'Esta oferta venció: solo se puede completar una oferta aceptada',
    ]);
  });

  it('says the deliverables’ refusals in Spanish, counting and quoting, the English as it was', () => {
    const both = (problem: Parameters<typeof formatProblem>[0]) => [
      formatProblem(problem, 'en'),
      formatProblem(problem, 'es-MX'),
    ];
    const d = deliverablesProblems;
    expect(both(d.csv_too_many_rows.with({ max: 10_000, rows: 12_345 }))).toEqual([
      'At most 10,000 rows per upload; this file has 12,345',
      'Puedes subir como máximo 10,000 filas a la vez; este archivo tiene 12,345',
    ]);
    expect(both(d.csv_syntax.with({ line: 2, problem: 'after_quote' }))).toEqual([
      'Not CSV: line 2: text after a closing quote (a quote inside a cell is written "")',
      'No es un CSV: línea 2: hay texto después de las comillas que cierran una celda (unas comillas dentro de una celda se escriben "")',
    ]);
    expect(both(d.code_taken.with({ hasCode: 'no' }))).toEqual([
      'That code is already taken in this campaign',
      'Ese código ya está en uso en esta campaña',
    ]);
    expect(both(d.code_taken.with({ hasCode: 'yes', code: 'NOVA-ANA' }))[0]).toBe(
      'The code NOVA-ANA is already taken in this campaign',
    );
    for (const [seconds, english, spanish] of [
      [1, '1 second', '1 segundo'],
      [42, '42 seconds', '42 segundos'],
    ] as const)
      expect(both(d.redemptions_throttled.with({ seconds }))).toEqual([
        `Too many redemptions for this key; try again in ${english}.`,
        `Demasiados canjes con esta clave; vuelve a intentarlo en ${spanish}.`,
      ]);
    expect(both(d.not_accepted_yet.with({ status: offerState('info_requested') }))).toEqual([
      'This offer is info requested: its deliverables are counted once it is accepted',
      'Esta oferta está esperando más información: sus entregables empiezan a contarse cuando se acepta',
    ]);
    expect(both(d.bot_account_missing.with({ platform: 'YouTube' }))).toEqual([
      'No YouTube account is connected',
      'No tienes una cuenta de YouTube conectada',
    ]);
    expect(both(d.promo_forbidden)[0]).toBe("Only the campaign's advertiser manages its promo codes");
  });

  it('says the overlay’s and an upload’s refusals in Spanish, the file worded by its field', () => {
    const both = (problem: Parameters<typeof formatProblem>[0]) => [
      formatProblem(problem, 'en'),
      formatProblem(problem, 'es-MX'),
    ];
    expect(both(overlayProblems.switched_off)).toEqual([
      'The overlay is switched off: it does not count display',
      'El overlay está desactivado: no cuenta la exhibición',
    ]);
    expect(both(uploadProblems.too_large.with({ field: 'image', max: 5_242_880 }))).toEqual([
      'The image is larger than the limit of 5242880 bytes',
      'La imagen supera el límite de 5,242,880 bytes',
    ]);
    expect(both(uploadProblems.file_empty.with({ field: 'photo' }))).toEqual([
      'The photo is empty',
      'La foto está vacía',
    ]);
  });

  it('says a connection’s refusals with the platform’s name and words as they came', () => {
    const both = (problem: Parameters<typeof formatProblem>[0]) => [
      formatProblem(problem, 'en'),
      formatProblem(problem, 'es-MX'),
    ];
    expect(both(unknownPlatform(['twitch', 'youtube']))).toEqual([
      'Unknown platform: use twitch or youtube',
      'Esa plataforma no existe: usa twitch o youtube',
    ]);
    expect(both(notConfigured('Twitch', ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET']))).toEqual([
      'Twitch is not configured on this server: set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET',
      'Twitch no está configurado en este servidor: define TWITCH_CLIENT_ID y TWITCH_CLIENT_SECRET',
    ]);
    expect(
      both(connectionProblems.provider_refused.with({ platform: 'YouTube', detail: 'Invalid code verifier' })),
    ).toEqual(['YouTube did not connect: Invalid code verifier', 'No se pudo conectar YouTube: Invalid code verifier']);
    for (const [platform, english, spanish] of [
      [
        'youtube',
        'YouTube’s daily API limit for Castbridge is used up until midnight Pacific time (2026-12-02 08:00 UTC). Connect again after that.',
        'Castbridge ya usó su límite diario de la API de YouTube hasta la medianoche, hora del Pacífico (2026-12-02 08:00 UTC). Vuelve a conectar después de esa hora.',
      ],
      [
        'twitch',
        'Twitch’s API limit for Castbridge is used up until 2026-12-02 08:00 UTC. Connect again after that.',
        'Castbridge ya usó su límite de la API de Twitch hasta el 2026-12-02 08:00 UTC. Vuelve a conectar después de esa hora.',
      ],
    ] as const)
      expect(both(connectionProblems.quota_spent.with({ platform, until: '2026-12-02 08:00 UTC' }))).toEqual([
        english,
        spanish,
      ]);
  });

  it('says the money refusals with their sums worded, and counts the spots', () => {
    const both = (problem: Parameters<typeof formatProblem>[0]) => [
      formatProblem(problem, 'en'),
      formatProblem(problem, 'es-MX'),
    ];
    for (const [added, english, spanish] of [
      [1, 'Adding 1 spot', 'Sumar 1 lugar'],
      [3, 'Adding 3 spots', 'Sumar 3 lugares'],
    ] as const)
      expect(
        both(moneyProblems.spots_short_of_funds.with({ added, amount: money(30_000), balance: money(10_000) })),
      ).toEqual([
        `${english} reserves $300 (pay × spots) and your balance is $100: add funds, or add fewer spots`,
        `${spanish} reserva USD\u00a0300 (pago × lugares) y tu saldo es de USD\u00a0100: agrega fondos o suma menos lugares`,
      ]);
    expect(both(moneyProblems.debt_owed.with({ owed: money(2_500), disputeOpen: 'yes' }))).toEqual([
      'A card payment of yours is disputed: $25 is owed to Castbridge until the dispute closes. Refunds and launches wait until it is covered.',
      'Uno de tus pagos con tarjeta está en disputa: le debes USD\u00a025 a Castbridge hasta que la disputa se cierre. Los reembolsos y lanzamientos esperan hasta que se cubra.',
    ]);
    expect(both(moneyProblems.refund_while_owed.with({ owed: money(2_500), disputeOpen: 'no' }))[0]).toBe(
      'This advertiser owes $25 for a card payment whose dispute was lost: do not wire this refund. Mark it failed, and its amount pays what is owed.',
    );
    expect(both(moneyProblems.payout_already_decided.with({ status: 'paid' }))).toEqual([
      'This payout is already paid',
      'Este pago ya está pagado',
    ]);
    expect(both(moneyProblems.review_not_resolvable.with({ status: 'released' }))).toEqual([
      'This earning was already released to the creator',
      'Esta ganancia ya se liberó al creador',
    ]);
    expect(both(marketplaceProblems.search_needs_approval.with({ status: 'rejected' }))).toEqual([
      'Your company profile is rejected: creators can be searched once it is approved',
      'El perfil de tu empresa fue rechazado: podrás buscar creadores cuando se apruebe',
    ]);
    expect(both(marketplaceProblems.creator_channel_required.with({ creator: 'Ana García' }))[0]).toBe(
      "Ana García has no channel connected on this campaign's platforms yet: the offer can be accepted once they connect one",
    );
    expect(formatProblem(marketplaceProblems.accept_short_of_funds.with({ missing: money(5_000) }), 'en')).toBe(
      shortOfFundsMessage(5_000),
    );
  });

  it('gives an error without a code of its own its status’s', () => {
    expect(
      new HttpError(
        409,
        worded(() => 'A conflict of no domain yet'),
      ).code,
    ).toBe(STATUS_CODES[409]);
    expect(
      new HttpError(
        418 as never,
        worded(() => 'odd'),
      ).code,
    ).toBe('invalid_request');
    const problem = new HttpError(401, accountProblems.invalid_login);
    expect([problem.code, problem.message, problem.messageIn('es-MX')]).toEqual([
      'accounts.invalid_login',
      'Invalid email or password',
      'El correo electrónico o la contraseña no son correctos',
    ]);
  });
});

describe('Accept-Language', () => {
  it('orders by weight, keeps the header’s order among equals, and drops q=0 and malformed entries', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de', '*']);
    expect(acceptedLanguages('en;q=0.2, es-MX;q=0.9')).toEqual(['es-MX', 'en']);
    expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('###, es;q=abc, en-US')).toEqual(['en-US']);
    expect(acceptedLanguages('')).toBeNull();
    expect(acceptedLanguages(undefined)).toBeNull();
    expect(pickLocale(acceptedLanguages('es-AR,en;q=0.5')!)).toBe('es-MX');
    expect(pickLocale(acceptedLanguages('de-DE')!)).toBe('en');
  });
});
