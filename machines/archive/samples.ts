// Sample records of the archive domain, shaped as the contract's answers: for its flows' samples and the view tests.
import type { ArchiveDay, ArchivedMessage, ArchiveStream } from '@/contract';

export const sampleArchiveDay: ArchiveDay = {
  platform: 'twitch',
  day: '2026-11-20',
  channel: 'rin_streams',
  messages: 11,
  chatters: 8,
  first: 1795550000000,
  last: 1795560000000,
  gaps: 1,
};
export const sampleArchiveStream: ArchiveStream = {
  id: 3,
  platform: 'twitch',
  channel: 'rin_streams',
  title: 'Speedrun night with Nova Energy',
  startedAt: Date.parse('2026-11-20T19:02:11Z'),
  endedAt: Date.parse('2026-11-20T22:15:40Z'),
  messages: 9,
  chatters: 6,
};
export const sampleArchiveChannel = (archiving: boolean) => ({
  login: 'rin_streams',
  displayName: 'Rin_Streams',
  archiving,
  live: archiving,
  supported: true,
  problem: null,
});
export const sampleArchivedMessage: ArchivedMessage = {
  id: 6,
  platform: 'twitch',
  channel: 'rin_streams',
  sentAt: 1795578760238,
  msgId: 'e4c7fecf-efa8-4f1a-baa6-a96a0e497e71',
  chatterId: '90112233',
  login: 'retro_rosa',
  displayName: 'retro_rosa',
  color: '#FF4500',
  badges: 'subscriber/3',
  bits: null,
  kind: 'privmsg',
  text: 'lantern',
  moderated: false,
};
