// A local stand-in for Twitch chat (IRC over WebSocket, as wss://irc-ws.chat.twitch.tv speaks it) for the chat
// archive (docs/product.md §Chat archive): it answers CAP/PASS/NICK with the welcome lines, JOIN with the membership and ROOMSTATE lines,
// PING with PONG, and sends what a test or the demo replays to the clients that joined a channel: synthetic Twitch
// lines written with the tags Twitch documents (PRIVMSG, CLEARCHAT, CLEARMSG, USERNOTICE; synthetic-session.irc), with
// fresh ids and times. It can also drop every
// connection (network loss), send RECONNECT, or stop answering PINGs. As Twitch, it joins an account (nick) to at most
// 20 channels per 10 s and drops the JOINs beyond (counted in `refusedJoins`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';

export interface TwitchChatStandIn {
  port: number;
  /** Sends raw lines to every client joined to `channel` (no leading #). */
  send(channel: string, lines: string | string[]): void;
  /** Replays lines (see SYNTHETIC_SESSION) to `channel` with fresh ids and times, `intervalMs` apart. */
  replay(channel: string, lines: string[], intervalMs?: number): Promise<void>;
  /** Channels some client has joined. */
  joined(): string[];
  /** Resolves once a client has joined `channel`. */
  waitForJoin(channel: string, timeoutMs?: number): Promise<void>;
  /** Closes every connection abruptly (as a lost network would). */
  dropAll(): void;
  /** Sends RECONNECT (Twitch's "please reconnect") to every client. */
  sendReconnect(): void;
  /** Stop answering PINGs (the client's ping timeout then reconnects). */
  setAnswerPings(answer: boolean): void;
  connections(): number;
  /** JOINs refused because their account (nick) had made its 20 in the last 10 s, by nick. */
  refusedJoins: Record<string, number>;
  close(): Promise<void>;
}

/**
 * A synthetic stretch of a Twitch channel's chat (hand-written, not recorded): each line in the IRC tag format Twitch
 * documents, with the channel written as {channel} (synthetic-session.irc says where each tag set is documented).
 */
export const SYNTHETIC_SESSION: string[] = fs
  .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'synthetic-session.irc'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));

/** The fresh id last given to each written message id, per channel: a CLEARMSG names the message as it was sent. */
const freshIds = new Map<string, string>();

/**
 * Gives a written line a fresh message id, the channel's room id and the current time; a CLEARMSG's target-msg-id
 * becomes the fresh id its message was last sent with in that channel.
 */
export function freshen(line: string, channel: string, roomId: string, now = Date.now()): string {
  return line
    .replaceAll('{channel}', channel)
    .replace(/(^@|;)id=([^; ]*)/, (_, lead: string, written: string) => {
      const fresh = crypto.randomUUID();
      if (written) freshIds.set(`${channel}\n${written}`, fresh);
      return `${lead}id=${fresh}`;
    })
    .replace(
      /(^@|;)target-msg-id=([^; ]*)/,
      (_, lead: string, written: string) => `${lead}target-msg-id=${freshIds.get(`${channel}\n${written}`) ?? written}`,
    )
    .replace(/(^@|;)room-id=[^; ]*/, (_, lead: string) => `${lead}room-id=${roomId}`)
    .replace(/(^@|;)tmi-sent-ts=[^; ]*/, (_, lead: string) => `${lead}tmi-sent-ts=${now}`);
}

/**
 * `demo`: every channel someone joins gets the synthetic session replayed, one line every `demoIntervalMs`, again
 * and again while someone is there (`npm start`'s offline world: archiving a channel fills its archive).
 */
export async function startTwitchChatStandIn(
  options: {
    port?: number;
    roomIds?: (channel: string) => string;
    onJoin?: (channel: string) => void;
    demo?: boolean;
    demoIntervalMs?: number;
    /** Twitch's JOIN limit: `joins` per `windowMs` per account (20 per 10 s). */
    joinLimit?: { joins: number; windowMs: number };
  } = {},
): Promise<TwitchChatStandIn> {
  const joinLimit = options.joinLimit ?? { joins: 20, windowMs: 10_000 };
  // The times of each account's recent JOINs (one per channel, a comma list counting each), across its connections.
  const joinsOf = new Map<string, number[]>();
  const refusedJoins: Record<string, number> = {};
  /** Whether `nick` may join one more channel now; counts the JOIN when it may. */
  const mayJoin = (nick: string) => {
    const now = Date.now();
    const recent = (joinsOf.get(nick) ?? []).filter((at) => at > now - joinLimit.windowMs);
    joinsOf.set(nick, recent);
    if (recent.length >= joinLimit.joins) {
      refusedJoins[nick] = (refusedJoins[nick] ?? 0) + 1;
      return false;
    }
    recent.push(now);
    return true;
  };
  const server = http.createServer((_req, res) => {
    res.writeHead(426).end('WebSocket only');
  });
  const wss = new WebSocketServer({ server });
  const members = new Map<WebSocket, Set<string>>();
  const joinWaiters: { channel: string; resolve: () => void }[] = [];
  let answerPings = true;
  const roomId =
    options.roomIds ??
    ((channel: string) =>
      String(
        100_000_000 +
          (parseInt(crypto.createHash('sha256').update(channel).digest('hex').slice(0, 7), 16) % 800_000_000),
      ));

  wss.on('connection', (socket) => {
    members.set(socket, new Set());
    let nick = 'justinfan';
    socket.on('message', (data) => {
      for (const line of data.toString().split('\r\n').filter(Boolean)) {
        const [command, ...rest] = line.split(' ');
        if (command === 'NICK') {
          nick = rest[0] ?? nick;
          socket.send(
            [
              `:tmi.twitch.tv 001 ${nick} :Welcome, GLHF!`,
              `:tmi.twitch.tv 002 ${nick} :Your host is tmi.twitch.tv`,
              `:tmi.twitch.tv 372 ${nick} :You are in a maze of twisty passages, all alike.`,
              `:tmi.twitch.tv 376 ${nick} :>`,
            ].join('\r\n'),
          );
        } else if (command === 'CAP') {
          socket.send(`:tmi.twitch.tv CAP * ACK :${line.split(':')[1] ?? ''}`);
        } else if (command === 'PING') {
          if (answerPings) socket.send(`PONG :tmi.twitch.tv`);
        } else if (command === 'JOIN') {
          for (const target of (rest[0] ?? '').split(',')) {
            const channel = target.replace(/^#/, '').toLowerCase();
            // Beyond the limit Twitch drops the JOIN without a word: the channel is not joined.
            if (!channel || !mayJoin(nick)) continue;
            members.get(socket)!.add(channel);
            socket.send(
              [
                `:${nick}!${nick}@${nick}.tmi.twitch.tv JOIN #${channel}`,
                `:${nick}.tmi.twitch.tv 353 ${nick} = #${channel} :${nick}`,
                `:${nick}.tmi.twitch.tv 366 ${nick} #${channel} :End of /NAMES list`,
                `@emote-only=0;followers-only=-1;r9k=0;room-id=${roomId(channel)};slow=0;subs-only=0 :tmi.twitch.tv ROOMSTATE #${channel}`,
              ].join('\r\n'),
            );
            for (const waiter of joinWaiters.filter((w) => w.channel === channel)) waiter.resolve();
            options.onJoin?.(channel);
            if (options.demo) startDemo(channel);
          }
        } else if (command === 'PART') {
          members.get(socket)!.delete((rest[0] ?? '').replace(/^#/, '').toLowerCase());
        }
      }
    });
    socket.on('close', () => members.delete(socket));
    socket.on('error', () => members.delete(socket));
  });

  const demos = new Set<string>();
  const someoneIn = (channel: string) => [...members.values()].some((set) => set.has(channel));
  function startDemo(channel: string) {
    if (demos.has(channel)) return;
    demos.add(channel);
    let index = 0;
    const timer = setInterval(() => {
      if (!someoneIn(channel)) {
        clearInterval(timer);
        demos.delete(channel);
        return;
      }
      send(channel, freshen(SYNTHETIC_SESSION[index % SYNTHETIC_SESSION.length]!, channel, roomId(channel)));
      index += 1;
    }, options.demoIntervalMs ?? 4000);
    timer.unref();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const send = (channel: string, lines: string | string[]) => {
    const text = (Array.isArray(lines) ? lines : [lines]).join('\r\n');
    for (const [socket, channels] of members) if (channels.has(channel.toLowerCase())) socket.send(text);
  };

  return {
    port,
    send,
    async replay(channel, lines, intervalMs = 0) {
      for (const line of lines) {
        send(channel, freshen(line, channel.toLowerCase(), roomId(channel.toLowerCase())));
        if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
    joined: () => [...new Set([...members.values()].flatMap((set) => [...set]))],
    waitForJoin(channel, timeoutMs = 10_000) {
      if ([...members.values()].some((set) => set.has(channel))) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nobody joined #${channel} in ${timeoutMs} ms`)), timeoutMs);
        joinWaiters.push({
          channel,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    dropAll() {
      for (const socket of members.keys()) socket.terminate();
    },
    sendReconnect() {
      for (const socket of members.keys()) socket.send(':tmi.twitch.tv RECONNECT');
    },
    setAnswerPings(answer) {
      answerPings = answer;
    },
    connections: () => members.size,
    refusedJoins,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of members.keys()) socket.terminate();
        wss.close(() => server.close(() => resolve()));
      }),
  };
}
