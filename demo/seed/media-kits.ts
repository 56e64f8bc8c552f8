// The demo creators' media kits (docs/product.md §Discovery and negotiation), as ordinary rows: each demo creator's kit published
// under its handle and its creator directory row written from the seeded channels, figures and offers, so `npm start`
// shows them in brand search and at /c/<handle> (server/marketplace/directory.ts keeps the rows current from then on).
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/types.ts';
import { refreshDirectory } from '../../server/marketplace/directory.ts';

export async function publishDemoMediaKits(
  db: Kysely<Database>,
  kits: readonly { creatorId: string; handle: string }[],
): Promise<void> {
  const stamp = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const kit of kits) {
      await trx
        .insertInto('media_kits')
        .values({ user_id: kit.creatorId, handle: kit.handle, published: 1, published_at: stamp, updated_at: stamp })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    }
    await refreshDirectory(
      trx,
      kits.map((kit) => kit.creatorId),
    );
  });
}
