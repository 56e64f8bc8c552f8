// Sample records of the deliverables, shaped as the contract's answers (contract/schemas/deliverables.ts): an offer's
// progress and its bot's posts, for the offerBot samples and the view tests.
import { botLine } from '@/contract/deliverables';
import type { BotPost, DeliverableProgress } from '@/contract/schemas/deliverables';

export const sampleTrackedLink = 'https://castbridge.example/l/Ab3dEf7h';

/** An accepted offer of a campaign asking for every deliverable, part way: a flat fee, nothing met yet. */
export const sampleProgress: DeliverableProgress = {
  met: false,
  overlay: { verifiedSeconds: 45 * 60, targetSeconds: 120 * 60 },
  link: { url: sampleTrackedLink, clicks: 312, target: 500, refused: 41 },
  chat: {
    posts: 4,
    target: 10,
    paused: false,
    consent: true,
    preview: botLine('Grab a Nova for the late shift', sampleTrackedLink),
    everyMinutes: 30,
    command: 'nova',
    lastPostedAt: '2026-11-26T21:30:00.000Z',
  },
  promo: { code: 'NOVA-RIN', redemptions: 7, target: 20 },
  clickEarningsCents: null,
};

export const samplePosts: BotPost[] = [
  {
    id: 'bp_3',
    platform: 'twitch',
    kind: 'command',
    text: sampleProgress.chat!.preview,
    status: 'sent',
    reason: null,
    platformMessageId: 'msg-3',
    postedAt: '2026-11-26T21:34:00.000Z',
  },
  {
    id: 'bp_2',
    platform: 'twitch',
    kind: 'scheduled',
    text: sampleProgress.chat!.preview,
    status: 'sent',
    reason: null,
    platformMessageId: 'msg-2',
    postedAt: '2026-11-26T21:30:00.000Z',
  },
  {
    id: 'bp_1',
    platform: 'twitch',
    kind: 'scheduled',
    text: sampleProgress.chat!.preview,
    status: 'dropped',
    reason: 'msg_duplicate',
    platformMessageId: null,
    postedAt: '2026-11-26T21:00:00.000Z',
  },
];

/** The same progress with the bot paused by the creator. */
export const samplePausedProgress: DeliverableProgress = {
  ...sampleProgress,
  chat: { ...sampleProgress.chat!, paused: true },
};
