// The Media kit flow's transitions, pinned by hand (docs/product.md §Discovery and negotiation: publishing makes a creator public, so
// what is sent is pinned as well as path-tested): source, event, expected target, and what it sends — the handle
// trimmed and lower-cased, the switch's value — or refuses to send.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { MediaKit, MediaKitUpdate } from '@/contract';
import { HANDLE_TAKEN } from '@/contract/mediaKit';
import { mediaKitMachine } from '@/machines/marketplace/mediaKit.machine';
import { sampleMediaKit, samplePublishedKit } from '@/machines/marketplace/mediaKit.samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const refusal = (message: string, status: number) => Object.assign(new Error(message), { status });

function start() {
  const copyUrl = vi.fn();
  const loadMediaKit = controlled<MediaKit>();
  const saveMediaKit = controlled<MediaKit, MediaKitUpdate>();
  const actor = createActor(
    mediaKitMachine.provide({
      actions: { copyUrl: (_args, params) => copyUrl(params) },
      actors: { loadMediaKit: loadMediaKit.logic, saveMediaKit: saveMediaKit.logic },
    }),
  );
  actor.start();
  return {
    actor,
    copyUrl,
    loadMediaKit,
    saveMediaKit,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

async function editing(kit: MediaKit = sampleMediaKit) {
  const flow = start();
  await flow.loadMediaKit.resolve(kit);
  expect(flow.value()).toBe('editing');
  return flow;
}

describe('mediaKit transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(mediaKitMachine);

  pin(
    { from: 'mediaKit.loading', on: 'xstate.done.actor.loadMediaKit', to: 'mediaKit.editing' },
    'the kit and its (suggested) handle',
    async () => {
      const flow = await editing();
      expect(flow.context().kit).toEqual(sampleMediaKit);
      expect(flow.context().handle).toBe('alexrivera_live');
    },
  );

  pin(
    { from: 'mediaKit.loading', on: 'xstate.error.actor.loadMediaKit', to: 'mediaKit.failed' },
    'a failed load says why',
    async () => {
      const flow = start();
      await flow.loadMediaKit.reject(new Error('Failed to fetch'));
      expect(flow.value()).toBe('failed');
      expect(flow.context().error).toBe('Failed to fetch');
    },
  );

  pin({ from: 'mediaKit.failed', on: 'kit.retry', to: 'mediaKit.loading' }, 'Try again reads again', async () => {
    const flow = start();
    await flow.loadMediaKit.reject(new Error('Failed to fetch'));
    flow.actor.send({ type: 'kit.retry' });
    expect(flow.value()).toBe('loading');
    expect(flow.context().error).toBeNull();
    expect(flow.loadMediaKit.started).toBe(2);
  });

  pin(
    { from: 'mediaKit.editing', on: 'handle.change', to: null },
    'the typed handle; a shown problem follows it',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'handle.change', value: 'a!' });
      flow.actor.send({ type: 'kit.save' });
      expect(flow.context().problem).toBe('handleRule');
      flow.actor.send({ type: 'handle.change', value: 'good_one' });
      expect(flow.context().handle).toBe('good_one');
      expect(flow.context().problem).toBeNull();
    },
  );

  pin(
    { from: 'mediaKit.editing', on: 'kit.save', guard: 'handleOk', to: 'mediaKit.saving' },
    'Save sends the handle trimmed and lower-cased, the switch as saved',
    async () => {
      const flow = await editing(samplePublishedKit);
      flow.actor.send({ type: 'handle.change', value: '  Alex_R ' });
      flow.actor.send({ type: 'kit.save' });
      expect(flow.value()).toBe('saving');
      expect(flow.saveMediaKit.inputs).toEqual([{ handle: 'alex_r', published: true }]);
    },
  );

  pin(
    { from: 'mediaKit.editing', on: 'kit.save', to: null },
    'a bad handle is refused here: nothing is sent',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'handle.change', value: 'no' });
      flow.actor.send({ type: 'kit.save' });
      expect(flow.value()).toBe('editing');
      expect(flow.context().problem).toBe('handleRule');
      expect(flow.saveMediaKit.started).toBe(0);
    },
  );

  pin(
    { from: 'mediaKit.editing', on: 'kit.publish', guard: 'handleOk', to: 'mediaKit.saving' },
    'the switch saves at once with the typed handle',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'kit.publish', published: true });
      expect(flow.value()).toBe('saving');
      expect(flow.saveMediaKit.inputs).toEqual([{ handle: 'alexrivera_live', published: true }]);
      expect(flow.context().pending).toEqual({ handle: 'alexrivera_live', published: true });
    },
  );

  pin(
    { from: 'mediaKit.editing', on: 'kit.publish', to: null },
    'publishing with a bad handle is refused here',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'handle.change', value: 'bad handle' });
      flow.actor.send({ type: 'kit.publish', published: true });
      expect(flow.value()).toBe('editing');
      expect(flow.context().problem).toBe('handleRule');
      expect(flow.saveMediaKit.started).toBe(0);
    },
  );

  pin({ from: 'mediaKit.editing', on: 'url.copy', to: null }, "Copy writes the saved handle's page", async () => {
    const flow = await editing(samplePublishedKit);
    flow.actor.send({ type: 'url.copy' });
    expect(flow.copyUrl).toHaveBeenCalledWith({ handle: 'alexrivera' });
    expect(flow.context().copied).toBe(true);
  });

  pin(
    { from: 'mediaKit.saving', on: 'xstate.done.actor.saveMediaKit', to: 'mediaKit.editing' },
    'the saved kit, and what the save did',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'handle.change', value: 'alexrivera' });
      flow.actor.send({ type: 'kit.publish', published: true });
      await flow.saveMediaKit.resolve(samplePublishedKit);
      expect(flow.value()).toBe('editing');
      expect(flow.context().kit).toEqual(samplePublishedKit);
      expect(flow.context().notice).toBe('published');
      expect(flow.context().pending).toBeNull();
      flow.actor.send({ type: 'kit.publish', published: false });
      await flow.saveMediaKit.resolve({ ...samplePublishedKit, published: false });
      expect(flow.context().notice).toBe('unpublished');
      flow.actor.send({ type: 'kit.save' });
      await flow.saveMediaKit.resolve({ ...samplePublishedKit, published: false });
      expect(flow.context().notice).toBe('saved');
    },
  );

  pin(
    { from: 'mediaKit.saving', on: 'xstate.error.actor.saveMediaKit', to: 'mediaKit.editing' },
    'a refusal keeps the typed handle and says why; the switch shows what is saved',
    async () => {
      const flow = await editing();
      flow.actor.send({ type: 'handle.change', value: 'taken_one' });
      flow.actor.send({ type: 'kit.publish', published: true });
      await flow.saveMediaKit.reject(refusal(HANDLE_TAKEN, 409));
      expect(flow.value()).toBe('editing');
      expect(flow.context().error).toBe(HANDLE_TAKEN);
      expect(flow.context().handle).toBe('taken_one');
      expect(flow.context().pending).toBeNull();
      expect(flow.context().kit?.published).toBe(false);
    },
  );

  pinsEveryTransition();
});

it('keeps the catalogue id', () => expect(mediaKitMachine.id).toBe('mediaKit'));
