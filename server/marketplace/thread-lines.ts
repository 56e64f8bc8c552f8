// A line of an offer's thread as its reader reads it (issue 49). A message is shown as its author wrote it; a line
// that records a counter-offer's round (./proposals.ts: proposed, countered, accepted, declined, with its terms) is
// worded in the reader's language when it is read, so each side reads it in their own: the thread's page
// (./offers.ts) and the digest e-mail (server/notifications/store.ts, which app.ts hands this to).
import type { Locale } from '../../contract/locales.ts';
import type { RoundSaid } from '../db/types.ts';
import { money } from '../http/texts.ts';
import { marketplaceTexts } from './texts.ts';

/** A counter-offer's round as the thread records it: what was said, and the terms it was said of. */
export interface ThreadRound {
  said: RoundSaid;
  payCents: number;
  minutes: number;
}

/** A stored line: its body, and the round it records (null for a message as written). */
export interface StoredThreadLine {
  body: string;
  round_said: RoundSaid | null;
  round_pay_cents: number | string | null;
  round_minutes: number | string | null;
}

/** The columns of offer_messages that record `round` (null: a message as written). */
export const roundColumns = (round: ThreadRound | null) => ({
  round_said: round?.said ?? null,
  round_pay_cents: round?.payCents ?? null,
  round_minutes: round?.minutes ?? null,
});

/** The line as `locale` reads it: a round worded in it ("Aceptó USD 150 por 90 minutos."), a message as written. */
export function threadLine(line: StoredThreadLine, locale: Locale): string {
  if (line.round_said === null) return line.body;
  const say = marketplaceTexts(locale);
  const terms = say('notice.terms', { pay: money(Number(line.round_pay_cents)), minutes: Number(line.round_minutes) });
  return say(`thread.${line.round_said}`, { terms, message: line.body });
}
