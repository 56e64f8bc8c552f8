// The Twitch stand-ins for bench/eventsub.ts in a process of their own, as Twitch is to a real server: the IRC and EventSub
// stand-ins and the Twitch OAuth/Helix stand-in serving the EventSub routes. It prints where they listen as one JSON
// line, then takes commands on stdin, one JSON line each, and answers one JSON line each:
//   {"blast": {"channel": "...", "total": 200000}}  sends that many channel.chat.message notifications as fast as it can
//   {"stats": true}                                   the stand-in's counts (refusals by reason)
import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { startEventSubStandIn, twitchUserId } from '../standins/eventsub.ts';
import { createOAuthStandIn } from '../standins/oauth.ts';
import { startTwitchChatStandIn } from '../standins/twitch-chat.ts';

const WORDS = 'the a stream chat hype gg pog lol clip raid sub follow speedrun split boss level'.split(' ');
const text = (i: number) =>
  Array.from({ length: 3 + (i % 9) }, (_, k) => WORDS[(i * 7 + k * 13) % WORDS.length]).join(' ');

const irc = await startTwitchChatStandIn();
const eventSub = await startEventSubStandIn({ irc });
const standIn = createOAuthStandIn({
  clientId: 'bench-client',
  clientSecret: 'bench-secret',
  redirectUris: () => ['http://127.0.0.1/api/connections/twitch/callback'],
  eventSub,
});
const server = serve({ fetch: standIn.app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
process.stdout.write(
  `${JSON.stringify({
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/twitch`,
    ircPort: irc.port,
    eventSubUrl: eventSub.url,
  })}\n`,
);

async function blast(channel: string, total: number) {
  const broadcasterId = twitchUserId(channel);
  // The messages' varying parts made once: what is measured is the stand-in's sending and the server's ingesting, not
  // this loop building texts (Twitch's own servers do not build chat either).
  const texts = Array.from({ length: 1000 }, (_, i) => text(i));
  const chatters = Array.from({ length: 5000 }, (_, c) => ({
    id: String(100_000 + c),
    login: `viewer_${c}`,
    name: `Viewer_${c}`,
    badges: c % 10 === 0 ? [{ set_id: 'subscriber', id: '6', info: '6' }] : [],
  }));
  const match = { broadcaster_user_id: broadcasterId };
  const started = performance.now();
  for (let i = 0; i < total; i += 1000) {
    for (let k = i; k < Math.min(total, i + 1000); k += 1) {
      const chatter = chatters[k % 5000]!;
      const words = texts[k % 1000]!;
      eventSub.notify('channel.chat.message', match, {
        broadcaster_user_id: broadcasterId,
        broadcaster_user_login: channel,
        broadcaster_user_name: channel,
        chatter_user_id: chatter.id,
        chatter_user_login: chatter.login,
        chatter_user_name: chatter.name,
        message_id: `es-${k}`,
        message: {
          text: words,
          fragments: [{ type: 'text', text: words, cheermote: null, emote: null, mention: null }],
        },
        color: '#1E90FF',
        badges: chatter.badges,
        message_type: 'text',
        cheer: null,
        reply: null,
        channel_points_custom_reward_id: null,
      });
    }
    // The socket's buffer drains between frames, as on a network.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return performance.now() - started;
}

for await (const line of readline.createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { blast?: { channel: string; total: number }; stats?: boolean };
  if (command.blast) {
    const ms = await blast(command.blast.channel, command.blast.total);
    process.stdout.write(`${JSON.stringify({ sentMs: ms })}\n`);
  } else if (command.stats) {
    process.stdout.write(
      `${JSON.stringify({ refused: eventSub.stats.refused, sessions: eventSub.sessions().length })}\n`,
    );
  }
}
server.close();
await eventSub.close();
await irc.close();
standIn.close();
process.exit(0);
