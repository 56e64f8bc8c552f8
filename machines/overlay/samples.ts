// Sample records of the overlay domain, shaped as the contract's answers: for its flows' samples, the
// hand-pinned transition tests and the view tests.
import type { OfferDisplay, OverlaySettings } from '@/contract';
import type { OverlayState } from '@/contract/overlay';

/** A creator's overlay as GET /api/overlay answers it. */
export const sampleOverlaySettings: OverlaySettings = {
  enabled: true,
  position: 'bottom-right',
  size: 25,
  rotationSeconds: 20,
  url: 'http://127.0.0.1:3000/overlay/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  path: '/overlay/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  tokenCreatedAt: '2026-11-20T09:00:00.000Z',
};

/** An offer's proof: 45 of 60 minutes over two days. */
export const sampleDisplay: OfferDisplay = {
  offerId: 'off_1',
  status: 'active',
  brand: 'Nova Energy',
  title: 'Weekend streams',
  disclosure: 'Sponsored by Nova Energy',
  requiresDisclosure: true,
  creatorName: 'Ana García',
  startsOn: '2026-11-20',
  endsOn: '2026-12-20',
  payCents: 25_000,
  deliverableSeconds: 3600,
  displayedSeconds: 2700,
  verifiedSeconds: 2400,
  unverified: [{ status: 'offline', seconds: 300 }],
  impressions: 3_360,
  cpmCents: 7_440,
  completedAt: null,
  completedVia: null,
  review: null,
  days: [
    { day: '2026-11-21', seconds: 1800, verifiedSeconds: 1800 },
    { day: '2026-11-22', seconds: 900, verifiedSeconds: 600 },
  ],
  sessions: [
    {
      start: '2026-11-21T18:00:00.000Z',
      end: '2026-11-21T18:30:00.000Z',
      seconds: 1800,
      verifiedSeconds: 1800,
      impressions: 2_520,
      platform: 'twitch',
      evidenceUrl: 'https://www.twitch.tv/videos/2301234567?t=0h4m0s',
      samples: [
        { at: '2026-11-21T18:00:30.000Z', viewers: 84, disclosed: true },
        { at: '2026-11-21T18:15:30.000Z', viewers: 86, disclosed: true },
      ],
      chatMessages: 212,
    },
    {
      start: '2026-11-22T19:00:00.000Z',
      end: '2026-11-22T19:15:00.000Z',
      seconds: 900,
      verifiedSeconds: 600,
      impressions: 840,
      platform: 'twitch',
      evidenceUrl: null,
      samples: [{ at: '2026-11-22T19:05:30.000Z', viewers: 84, disclosed: true }],
      chatMessages: null,
    },
  ],
  evidence: {
    offerId: 'off_1',
    overlay: { verifiedSeconds: 2400, targetSeconds: 3600 },
    link: null,
    promo: null,
    chat: null,
  },
};

/** A completed overlay delivery's review window, open until Nov 26, 18:30 UTC. */
export const sampleReview: NonNullable<OfferDisplay['review']> = {
  status: 'pending',
  endsAt: '2026-11-26T18:30:00.000Z',
  earnedCents: 22_500,
  holdReasons: [],
  disputeReason: null,
  disputedAt: null,
  resolution: null,
  releasedAt: null,
};

/** The same offer completed by its verified minutes, in its review window. */
export const sampleCompletedDisplay: OfferDisplay = {
  ...sampleDisplay,
  status: 'completed',
  displayedSeconds: 3900,
  verifiedSeconds: 3600,
  completedAt: '2026-11-23T18:30:00.000Z',
  completedVia: 'overlay',
  review: sampleReview,
  evidence: { ...sampleDisplay.evidence, overlay: { verifiedSeconds: 3600, targetSeconds: 3600 } },
};

/**
 * A link-only offer completed by its counted clicks (no overlay minutes asked for): 50 of 50 counted clicks, 9 refused
 * over two days.
 */
export const sampleLinkOnlyDisplay: OfferDisplay = {
  ...sampleDisplay,
  status: 'completed',
  deliverableSeconds: 60,
  displayedSeconds: 0,
  verifiedSeconds: 0,
  unverified: [],
  impressions: 0,
  cpmCents: null,
  completedAt: '2026-11-23T18:30:00.000Z',
  completedVia: 'deliverables',
  review: sampleReview,
  days: [],
  sessions: [],
  evidence: {
    offerId: 'off_1',
    overlay: null,
    link: {
      url: 'http://127.0.0.1:3000/l/Ab3dE6gH',
      counted: 50,
      target: 50,
      refused: { bot: 4, repeat: 3, limited: 0, inactive: 2 },
      days: [
        { day: '2026-11-21', counted: 30, bot: 4, repeat: 1, limited: 0, inactive: 0 },
        { day: '2026-11-22', counted: 20, bot: 0, repeat: 2, limited: 0, inactive: 2 },
      ],
    },
    promo: null,
    chat: null,
  },
};

/** What an overlay page receives: two creatives rotating bottom right. */
export const sampleOverlayState: OverlayState = {
  version: 1,
  enabled: true,
  locale: 'en',
  position: 'bottom-right',
  size: 25,
  rotationSeconds: 20,
  creatives: [
    {
      offerId: 'off_1',
      brand: 'Nova Energy',
      title: 'Weekend streams',
      image: '/uploads/nova.png',
      disclosure: 'Sponsored by Nova Energy',
    },
    { offerId: 'off_2', brand: 'Glow Cola', title: 'Night runs', image: null, disclosure: 'Sponsored by Glow Cola' },
  ],
};
