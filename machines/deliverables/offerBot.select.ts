// What the chat bot's dialog reads from the offerBot actor (docs/product.md §Deliverables, "The chat bot").
import type { SnapshotFrom } from 'xstate';
import type { offerBotMachine } from './offerBot.machine';

type Snapshot = SnapshotFrom<typeof offerBotMachine>;

/**
 * Where the bot stands: it needs the creator's consent (Connect Accounts), is paused, has delivered every post, posted
 * within its interval (posting), or has not (waiting for the stream to go live: it posts only while live).
 */
export type BotStatus = 'consent' | 'paused' | 'done' | 'posting' | 'waiting';

export const selectBotOpen = (snapshot: Snapshot) => !snapshot.matches('closed');
export const selectBotLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectBotFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectBotReady = (snapshot: Snapshot) => snapshot.matches('ready');
export const selectBotError = (snapshot: Snapshot) => snapshot.context.error;
export const selectBotReadOnly = (snapshot: Snapshot) => snapshot.context.readOnly;
export const selectBotChat = (snapshot: Snapshot) => snapshot.context.bot?.progress.chat ?? null;
/** The offer's progress as the bot's last read gave it (null until read). */
export const selectBotProgress = (snapshot: Snapshot) => snapshot.context.bot?.progress ?? null;
export const selectBotPosts = (snapshot: Snapshot) => snapshot.context.bot?.posts ?? [];
export const selectBotBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const selectBotRefreshing = (snapshot: Snapshot) => snapshot.matches({ ready: 'refreshing' });
export const selectBotCanPause = (snapshot: Snapshot) => snapshot.can({ type: 'bot.pause' });
export const selectBotCanResume = (snapshot: Snapshot) => snapshot.can({ type: 'bot.resume' });

/** The bot's status at `now` (ms): posting while its last post is within one interval and a minute. */
export function selectBotStatus(snapshot: Snapshot, now: number): BotStatus | null {
  const chat = selectBotChat(snapshot);
  if (!chat) return null;
  if (!chat.consent) return 'consent';
  if (chat.paused) return 'paused';
  if (chat.target > 0 && chat.posts >= chat.target) return 'done';
  const last = chat.lastPostedAt === null ? null : Date.parse(chat.lastPostedAt);
  return last !== null && now - last <= (chat.everyMinutes + 1) * 60_000 ? 'posting' : 'waiting';
}
