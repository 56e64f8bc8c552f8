// Chat messages as the archive's store takes them, for the archive's server tests.
import type { ChatLine } from '../../server/archive/store.ts';

/** A plain chat message: the login shown as the name, no colour, badges, emotes or bits. */
export const privmsg = (msgId: string, sentAt: number, chatterId: string, login: string, text: string): ChatLine => ({
  msgId,
  sentAt,
  chatterId,
  login,
  displayName: login,
  color: null,
  badges: '',
  emotes: null,
  bits: null,
  kind: 'privmsg',
  text,
});
