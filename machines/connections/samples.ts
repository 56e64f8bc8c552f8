// Sample connections, shaped as the contract's answers: for the connectAccounts samples and the view tests.
import type { Connection } from '@/contract';

/** A platform's card: configured, with an account in `status` (none when null). */
export function sampleConnection(platform: 'twitch' | 'youtube', status: 'connected' | 'reconnect' | null): Connection {
  return {
    platform,
    configured: true,
    standIn: false,
    settings:
      platform === 'twitch'
        ? ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET']
        : ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    account:
      status === null
        ? null
        : {
            status,
            platformUserId: '141981764',
            login: 'rin_streams',
            displayName: 'Rin_Streams',
            scopes: ['chat:read'],
            connectedAt: '2026-11-20T10:00:00.000Z',
            archiving: false,
            botConsent: false,
          },
  };
}
