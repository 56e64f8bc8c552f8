// Which offers a creator's overlay shows on a day (docs/product.md §The overlay for OBS): accepted or active offers
// of an active campaign whose window holds the day, oldest first. One definition for the overlay's state and the
// offer a heartbeat may credit (./store.ts) and its status, what the OBS Extension screen says is counted
// (./status.ts); each selects its own columns.
import type { Kysely } from 'kysely';
import { DELIVERY_STATUSES } from '../../contract/marketplace.ts';
import type { Database } from '../db/types.ts';

/** The offers `creatorId`'s overlay shows on `day` (YYYY-MM-DD), joined with their campaigns, in rotation order. */
export function offersShownOn(db: Kysely<Database>, creatorId: string, day: string) {
  return (
    db
      .selectFrom('offers')
      .innerJoin('campaigns', 'campaigns.id', 'offers.campaign_id')
      .where('offers.creator_id', '=', creatorId)
      .where('offers.status', 'in', DELIVERY_STATUSES)
      .where('campaigns.status', '=', 'active')
      // A campaign asking only for clicks, chat posts or redemptions has nothing to show (docs/product.md §Deliverables).
      .where('campaigns.overlay_required', '!=', 0)
      .where('campaigns.starts_on', '<=', day)
      .where('campaigns.ends_on', '>=', day)
      .orderBy('offers.created_at')
      .orderBy('offers.id')
  );
}
