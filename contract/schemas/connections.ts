// Connected accounts (docs/product.md §Connected accounts): the cards' data, the start of a connection and the provider's way back.
import { z } from 'zod';
import { CONNECT_PLATFORMS, CONNECTION_STATUSES } from '../connections.ts';

export const connection = z.object({
  platform: z.enum(CONNECT_PLATFORMS),
  /** The server has client credentials for the platform (or runs the local stand-in). */
  configured: z.boolean(),
  /** Connected through the local stand-in provider (development), not the real platform. */
  standIn: z.boolean(),
  /** The settings to set when not configured. */
  settings: z.array(z.string()),
  account: z
    .object({
      status: z.enum(CONNECTION_STATUSES),
      platformUserId: z.string(),
      login: z.string(),
      displayName: z.string(),
      scopes: z.array(z.string()),
      connectedAt: z.string(),
      /** The channel's chat is archived (Archive Chat turns it on). */
      archiving: z.boolean(),
      /** The creator lets Castbridge's chat bot post sponsors' messages here (docs/product.md §The chat bot). */
      botConsent: z.boolean(),
    })
    .nullable(),
});
export type Connection = z.infer<typeof connection>;

export const connectionsResponse = z.object({ connections: z.array(connection) });
export const connectionResponse = z.object({ connection });

/** POST /api/connections/:platform/start → where to send the browser (the provider's consent page). */
export const connectStartResponse = z.object({ url: z.string() });

/** The provider's redirect: ?code=&state= on consent, ?error=&state= on refusal. */
export const connectCallbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** GET /api/webhooks/youtube/websub: our callback's channel and the hub's verification of intent (WebSub §5.3). */
export const youtubeFeedVerifyQuery = z.object({
  channel: z.string().max(100).optional(),
  'hub.mode': z.string().max(20).optional(),
  'hub.topic': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
  'hub.lease_seconds': z.string().max(20).optional(),
  'hub.reason': z.string().max(500).optional(),
});

/** POST /api/webhooks/youtube/websub: the channel whose feed the push is. */
export const youtubeFeedPushQuery = z.object({ channel: z.string().max(100).optional() });

/** POST /api/connections/:platform/complete: the one-time token the callback sent the browser back with. */
export const connectCompleteRequest = z.object({ completion: z.string().min(1).max(200) });
