// A covered YouTube channel whose creator's overlay claims minutes while no broadcast of it is known (issue 46): the
// hub may have failed to announce it, so the live watch looks (liveBroadcasts.list) at a paced interval instead of
// answering "offline" from the feed (server/connections/live-youtube.ts). When it last looked is the cluster's, so
// every instance paces alike.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('youtube_feeds').addColumn('claim_looked_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('youtube_feeds').dropColumn('claim_looked_at').execute();
}
