// The chat bot dialog's transitions (docs/product.md §Deliverables, "The chat bot"), pinned by hand: source, event,
// expected target and what it changes — opened it reads the bot, a failed read says why and tries again, Refresh
// keeps what is shown, the creator pauses and resumes (only as the bot stands; a refusal keeps it and says why), the
// advertiser's read-only dialog never pauses, closing from anywhere.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { apiRefusal } from '@/machines/events';
import { offerBotMachine, type OfferBotAnswer } from '@/machines/deliverables/offerBot.machine';
import {
  selectBotCanPause,
  selectBotCanResume,
  selectBotChat,
  selectBotError,
  selectBotOpen,
  selectBotPosts,
  selectBotStatus,
} from '@/machines/deliverables/offerBot.select';
import { samplePausedProgress, samplePosts, sampleProgress } from '@/machines/deliverables/samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const running: OfferBotAnswer = { progress: sampleProgress, posts: samplePosts };
const paused: OfferBotAnswer = { progress: samplePausedProgress, posts: samplePosts };

function start(readOnly = false) {
  const load = controlled<OfferBotAnswer, { offerId: string }>();
  const setPaused = controlled<OfferBotAnswer, { offerId: string; paused: boolean }>();
  const actor = createActor(
    offerBotMachine.provide({ actors: { loadBot: load.logic, setBotPaused: setPaused.logic } }),
    { input: { offerId: 'off_nova', readOnly } },
  );
  actor.start();
  return { actor, load, setPaused, value: () => actor.getSnapshot().value, snapshot: () => actor.getSnapshot() };
}

/** Opened and read: the bot shown, posting. */
async function ready(answer = running, readOnly = false) {
  const bot = start(readOnly);
  bot.actor.send({ type: 'bot.open' });
  await bot.load.resolve(answer);
  expect(bot.value()).toEqual({ ready: 'idle' });
  return bot;
}

describe('offerBot transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(offerBotMachine);

  pin({ from: 'offerBot.closed', on: 'bot.open', to: 'offerBot.loading' }, 'opening reads the bot', () => {
    const bot = start();
    expect(selectBotOpen(bot.snapshot())).toBe(false);
    expect(bot.load.started).toBe(0);
    bot.actor.send({ type: 'bot.open' });
    expect(bot.value()).toBe('loading');
    expect(selectBotOpen(bot.snapshot())).toBe(true);
    expect(bot.load.inputs).toEqual([{ offerId: 'off_nova' }]);
  });

  pin({ from: 'offerBot.loading', on: 'bot.close', to: 'offerBot.closed' }, 'closing while it reads', () => {
    const bot = start();
    bot.actor.send({ type: 'bot.open' });
    bot.actor.send({ type: 'bot.close' });
    expect(bot.value()).toBe('closed');
  });

  pin(
    { from: 'offerBot.loading', on: 'xstate.done.actor.loadBot', to: 'offerBot.ready' },
    'the line, the status and the posts are shown',
    async () => {
      const bot = await ready();
      expect(selectBotChat(bot.snapshot())?.preview).toBe(sampleProgress.chat!.preview);
      expect(selectBotPosts(bot.snapshot())).toHaveLength(3);
      expect(selectBotStatus(bot.snapshot(), Date.parse('2026-11-26T21:40:00Z'))).toBe('posting');
      expect(selectBotStatus(bot.snapshot(), Date.parse('2026-11-26T23:00:00Z'))).toBe('waiting');
      expect(selectBotCanPause(bot.snapshot())).toBe(true);
      expect(selectBotCanResume(bot.snapshot())).toBe(false);
    },
  );

  pin(
    { from: 'offerBot.loading', on: 'xstate.error.actor.loadBot', to: 'offerBot.failed' },
    'a failed read says why',
    async () => {
      const bot = start();
      bot.actor.send({ type: 'bot.open' });
      await bot.load.reject(apiRefusal('Offer not found', 404));
      expect(bot.value()).toBe('failed');
      expect(selectBotError(bot.snapshot())).toBe('Offer not found');
    },
  );

  pin({ from: 'offerBot.failed', on: 'bot.retry', to: 'offerBot.loading' }, 'Try again reads again', async () => {
    const bot = start();
    bot.actor.send({ type: 'bot.open' });
    await bot.load.reject(apiRefusal('Service unavailable', 503));
    bot.actor.send({ type: 'bot.retry' });
    expect(bot.value()).toBe('loading');
    expect(bot.load.started).toBe(2);
    await bot.load.resolve(running);
    expect(selectBotError(bot.snapshot())).toBeNull();
  });

  pin({ from: 'offerBot.failed', on: 'bot.close', to: 'offerBot.closed' }, 'closing a failed read', async () => {
    const bot = start();
    bot.actor.send({ type: 'bot.open' });
    await bot.load.reject(apiRefusal('Service unavailable', 503));
    bot.actor.send({ type: 'bot.close' });
    expect(bot.value()).toBe('closed');
    // Opened again, the old reason is gone.
    bot.actor.send({ type: 'bot.open' });
    expect(selectBotError(bot.snapshot())).toBeNull();
  });

  pin({ from: 'offerBot.ready', on: 'bot.close', to: 'offerBot.closed' }, 'closing the dialog', async () => {
    const bot = await ready();
    bot.actor.send({ type: 'bot.close' });
    expect(bot.value()).toBe('closed');
    expect(selectBotOpen(bot.snapshot())).toBe(false);
  });

  pin(
    { from: 'offerBot.ready.idle', on: 'bot.refresh', to: 'offerBot.ready.refreshing' },
    'Refresh reads again keeping what is shown',
    async () => {
      const bot = await ready();
      bot.actor.send({ type: 'bot.refresh' });
      expect(bot.value()).toEqual({ ready: 'refreshing' });
      expect(selectBotPosts(bot.snapshot())).toHaveLength(3);
      expect(bot.load.started).toBe(2);
    },
  );

  pin(
    { from: 'offerBot.ready.refreshing', on: 'xstate.done.actor.loadBot', to: 'offerBot.ready.idle' },
    'the new answer replaces the old',
    async () => {
      const bot = await ready();
      bot.actor.send({ type: 'bot.refresh' });
      await bot.load.resolve({ progress: sampleProgress, posts: samplePosts.slice(0, 1) });
      expect(bot.value()).toEqual({ ready: 'idle' });
      expect(selectBotPosts(bot.snapshot())).toHaveLength(1);
    },
  );

  pin(
    { from: 'offerBot.ready.refreshing', on: 'xstate.error.actor.loadBot', to: 'offerBot.ready.idle' },
    'a failed refresh keeps what is shown and says why',
    async () => {
      const bot = await ready();
      bot.actor.send({ type: 'bot.refresh' });
      await bot.load.reject(apiRefusal('Service unavailable', 503));
      expect(bot.value()).toEqual({ ready: 'idle' });
      expect(selectBotPosts(bot.snapshot())).toHaveLength(3);
      expect(selectBotError(bot.snapshot())).toBe('Service unavailable');
    },
  );

  pin(
    { from: 'offerBot.ready.idle', on: 'bot.pause', guard: 'mayPause', to: 'offerBot.ready.pausing' },
    'the creator pauses a posting bot; a paused one, or the advertiser, cannot',
    async () => {
      const bot = await ready();
      bot.actor.send({ type: 'bot.pause' });
      expect(bot.value()).toEqual({ ready: 'pausing' });
      expect(bot.setPaused.inputs).toEqual([{ offerId: 'off_nova', paused: true }]);
      const already = await ready(paused);
      already.actor.send({ type: 'bot.pause' });
      expect(already.value()).toEqual({ ready: 'idle' });
      const advertiser = await ready(running, true);
      expect(selectBotCanPause(advertiser.snapshot())).toBe(false);
      advertiser.actor.send({ type: 'bot.pause' });
      expect(advertiser.setPaused.started).toBe(0);
    },
  );

  pin(
    { from: 'offerBot.ready.idle', on: 'bot.resume', guard: 'mayResume', to: 'offerBot.ready.resuming' },
    'the creator resumes a paused bot; a posting one, or the advertiser, cannot',
    async () => {
      const bot = await ready(paused);
      bot.actor.send({ type: 'bot.resume' });
      expect(bot.value()).toEqual({ ready: 'resuming' });
      expect(bot.setPaused.inputs).toEqual([{ offerId: 'off_nova', paused: false }]);
      const posting = await ready();
      posting.actor.send({ type: 'bot.resume' });
      expect(posting.value()).toEqual({ ready: 'idle' });
      const advertiser = await ready(paused, true);
      advertiser.actor.send({ type: 'bot.resume' });
      expect(advertiser.setPaused.started).toBe(0);
    },
  );

  pin(
    { from: 'offerBot.ready.pausing', on: 'xstate.done.actor.setBotPaused', to: 'offerBot.ready.idle' },
    'paused: the answer shows it',
    async () => {
      const bot = await ready();
      bot.actor.send({ type: 'bot.pause' });
      await bot.setPaused.resolve(paused);
      expect(selectBotChat(bot.snapshot())?.paused).toBe(true);
      expect(selectBotStatus(bot.snapshot(), Date.now())).toBe('paused');
      expect(selectBotCanResume(bot.snapshot())).toBe(true);
    },
  );

  pin(
    { from: 'offerBot.ready.pausing', on: 'xstate.error.actor.setBotPaused', to: 'offerBot.ready.idle' },
    'a refused pause keeps the bot as it was and says why',
    async () => {
      const bot = await ready();
      bot.actor.send({ type: 'bot.pause' });
      await bot.setPaused.reject(apiRefusal('The offer is not accepted or active', 409));
      expect(selectBotChat(bot.snapshot())?.paused).toBe(false);
      expect(selectBotError(bot.snapshot())).toBe('The offer is not accepted or active');
    },
  );

  pin(
    { from: 'offerBot.ready.resuming', on: 'xstate.done.actor.setBotPaused', to: 'offerBot.ready.idle' },
    'resumed: the answer shows it, and an earlier refusal is cleared',
    async () => {
      const bot = await ready(paused);
      bot.actor.send({ type: 'bot.resume' });
      await bot.setPaused.reject(apiRefusal('Too many requests', 429));
      bot.actor.send({ type: 'bot.resume' });
      await bot.setPaused.resolve(running);
      expect(selectBotChat(bot.snapshot())?.paused).toBe(false);
      expect(selectBotError(bot.snapshot())).toBeNull();
    },
  );

  pin(
    { from: 'offerBot.ready.resuming', on: 'xstate.error.actor.setBotPaused', to: 'offerBot.ready.idle' },
    'a refused resume keeps it paused and says why',
    async () => {
      const bot = await ready(paused);
      bot.actor.send({ type: 'bot.resume' });
      await bot.setPaused.reject(apiRefusal('The offer is not accepted or active', 409));
      expect(selectBotChat(bot.snapshot())?.paused).toBe(true);
      expect(selectBotError(bot.snapshot())).toBe('The offer is not accepted or active');
    },
  );

  pinsEveryTransition();
});
