// The report's share links' transitions (docs/product.md §Deliverables, "The brand's report"), pinned by hand: the
// list read, a label checked before anything is sent, the new link's address held once (never in the list), revoking
// only a live link and only after a confirmation, refusals shown.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { apiRefusal } from '@/machines/events';
import { labelProblem, reportSharesMachine, type ReportShare } from '@/machines/deliverables/reportShares.machine';
import {
  selectCreatedShare,
  selectRevokeOpen,
  selectRevokingShare,
  selectShareLabelError,
  selectShares,
  selectSharesError,
} from '@/machines/deliverables/reportShares.select';
import { sampleCreatedShare, sampleShares } from '@/machines/deliverables/reportShares.samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

const revoked: ReportShare = { ...sampleShares[0]!, revokedAt: '2026-11-26T22:10:00.000Z' };

function start() {
  const load = controlled<ReportShare[], { campaignId: string }>();
  const create = controlled<ReportShare, { campaignId: string; label: string }>();
  const revoke = controlled<ReportShare, { campaignId: string; shareId: string }>();
  const actor = createActor(
    reportSharesMachine.provide({
      actors: { loadShares: load.logic, createShare: create.logic, revokeShare: revoke.logic },
    }),
    { input: { campaignId: 'cmp_nova' } },
  );
  actor.start();
  return { actor, load, create, revoke, value: () => actor.getSnapshot().value, snapshot: () => actor.getSnapshot() };
}

async function ready() {
  const shares = start();
  await shares.load.resolve(sampleShares);
  expect(shares.value()).toEqual({ ready: 'idle' });
  return shares;
}

async function confirming() {
  const shares = await ready();
  shares.actor.send({ type: 'share.revoke', shareId: 'shr_cfo' });
  expect(shares.value()).toEqual({ ready: 'confirming' });
  return shares;
}

describe('reportShares transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(reportSharesMachine);

  pin(
    { from: 'reportShares.loading', on: 'xstate.done.actor.loadShares', to: 'reportShares.ready' },
    'the links are listed',
    async () => {
      const shares = start();
      expect(shares.load.inputs).toEqual([{ campaignId: 'cmp_nova' }]);
      await shares.load.resolve(sampleShares);
      expect(selectShares(shares.snapshot())).toEqual(sampleShares);
    },
  );

  pin(
    { from: 'reportShares.loading', on: 'xstate.error.actor.loadShares', to: 'reportShares.failed' },
    'a failed read says why',
    async () => {
      const shares = start();
      await shares.load.reject(apiRefusal('Service unavailable', 503));
      expect(shares.value()).toBe('failed');
      expect(selectSharesError(shares.snapshot())).toBe('Service unavailable');
    },
  );

  pin({ from: 'reportShares.failed', on: 'shares.retry', to: 'reportShares.loading' }, 'Try again', async () => {
    const shares = start();
    await shares.load.reject(apiRefusal('Service unavailable', 503));
    shares.actor.send({ type: 'shares.retry' });
    expect(shares.value()).toBe('loading');
    await shares.load.resolve([]);
    expect(selectSharesError(shares.snapshot())).toBeNull();
  });

  pin({ from: 'reportShares.ready', on: 'label.change', to: null }, 'typing clears the label’s error', async () => {
    const shares = await ready();
    shares.actor.send({ type: 'share.create' });
    expect(selectShareLabelError(shares.snapshot())).toEqual({ id: 'required' });
    shares.actor.send({ type: 'label.change', label: 'B' });
    expect(selectShareLabelError(shares.snapshot())).toBeUndefined();
    expect(shares.snapshot().context.label).toBe('B');
  });

  pin(
    { from: 'reportShares.ready.idle', on: 'share.create', guard: 'labelValid', to: 'reportShares.ready.creating' },
    'a label is sent trimmed',
    async () => {
      const shares = await ready();
      shares.actor.send({ type: 'label.change', label: '  Board ' });
      shares.actor.send({ type: 'share.create' });
      expect(shares.value()).toEqual({ ready: 'creating' });
      expect(shares.create.inputs).toEqual([{ campaignId: 'cmp_nova', label: 'Board' }]);
    },
  );

  pin(
    { from: 'reportShares.ready.idle', on: 'share.create', to: null },
    'an empty or too long label is refused here, nothing sent',
    async () => {
      const shares = await ready();
      shares.actor.send({ type: 'label.change', label: '   ' });
      shares.actor.send({ type: 'share.create' });
      expect(shares.value()).toEqual({ ready: 'idle' });
      expect(selectShareLabelError(shares.snapshot())).toEqual({ id: 'required' });
      expect(labelProblem('x'.repeat(101))).toEqual({ id: 'labelTooLong', max: 100 });
      expect(labelProblem(` ${'x'.repeat(100)} `)).toBeNull();
      expect(shares.create.started).toBe(0);
    },
  );

  pin(
    { from: 'reportShares.ready.creating', on: 'xstate.done.actor.createShare', to: 'reportShares.ready.idle' },
    'the address is held once; the list gets the link without it',
    async () => {
      const shares = await ready();
      shares.actor.send({ type: 'label.change', label: 'Board' });
      shares.actor.send({ type: 'share.create' });
      await shares.create.resolve(sampleCreatedShare);
      expect(selectCreatedShare(shares.snapshot())?.url).toBe(sampleCreatedShare.url);
      expect(selectShares(shares.snapshot())[0]).toEqual({ ...sampleCreatedShare, url: null });
      expect(shares.snapshot().context.label).toBe('');
    },
  );

  pin(
    { from: 'reportShares.ready.creating', on: 'xstate.error.actor.createShare', to: 'reportShares.ready.idle' },
    'a refusal says why and keeps the label',
    async () => {
      const shares = await ready();
      shares.actor.send({ type: 'label.change', label: 'Board' });
      shares.actor.send({ type: 'share.create' });
      await shares.create.reject(apiRefusal('Too many requests', 429));
      expect(selectSharesError(shares.snapshot())).toBe('Too many requests');
      expect(shares.snapshot().context.label).toBe('Board');
    },
  );

  pin({ from: 'reportShares.ready.idle', on: 'share.dismiss', to: null }, 'Done forgets the address', async () => {
    const shares = await ready();
    shares.actor.send({ type: 'label.change', label: 'Board' });
    shares.actor.send({ type: 'share.create' });
    await shares.create.resolve(sampleCreatedShare);
    shares.actor.send({ type: 'share.dismiss' });
    expect(selectCreatedShare(shares.snapshot())).toBeNull();
  });

  pin(
    { from: 'reportShares.ready.idle', on: 'share.revoke', guard: 'revocable', to: 'reportShares.ready.confirming' },
    'revoking a live link asks first; a revoked one asks nothing',
    async () => {
      const shares = await ready();
      shares.actor.send({ type: 'share.revoke', shareId: 'shr_agency' });
      expect(shares.value()).toEqual({ ready: 'idle' });
      shares.actor.send({ type: 'share.revoke', shareId: 'shr_cfo' });
      expect(selectRevokeOpen(shares.snapshot())).toBe(true);
      expect(selectRevokingShare(shares.snapshot())?.label).toBe('Dana (finance)');
      expect(shares.revoke.started).toBe(0);
    },
  );

  pin(
    { from: 'reportShares.ready.confirming', on: 'revoke.cancel', to: 'reportShares.ready.idle' },
    'No, Keep It',
    async () => {
      const shares = await confirming();
      shares.actor.send({ type: 'revoke.cancel' });
      expect(selectRevokeOpen(shares.snapshot())).toBe(false);
      expect(selectRevokingShare(shares.snapshot())).toBeNull();
    },
  );

  pin(
    { from: 'reportShares.ready.confirming', on: 'revoke.confirm', to: 'reportShares.ready.revoking' },
    'Yes, Revoke',
    async () => {
      const shares = await confirming();
      shares.actor.send({ type: 'revoke.confirm' });
      expect(shares.revoke.inputs).toEqual([{ campaignId: 'cmp_nova', shareId: 'shr_cfo' }]);
    },
  );

  pin(
    { from: 'reportShares.ready.revoking', on: 'xstate.done.actor.revokeShare', to: 'reportShares.ready.idle' },
    'the link shows revoked',
    async () => {
      const shares = await confirming();
      shares.actor.send({ type: 'revoke.confirm' });
      await shares.revoke.resolve(revoked);
      expect(selectShares(shares.snapshot())[0]!.revokedAt).toBe(revoked.revokedAt);
      expect(selectRevokeOpen(shares.snapshot())).toBe(false);
    },
  );

  it('revoking the link just made forgets its address; revoking another keeps it', async () => {
    const shares = await ready();
    shares.actor.send({ type: 'label.change', label: 'Board' });
    shares.actor.send({ type: 'share.create' });
    await shares.create.resolve(sampleCreatedShare);
    shares.actor.send({ type: 'share.revoke', shareId: 'shr_cfo' });
    shares.actor.send({ type: 'revoke.confirm' });
    await shares.revoke.resolve(revoked);
    expect(selectCreatedShare(shares.snapshot())?.url).toBe(sampleCreatedShare.url);
    shares.actor.send({ type: 'share.revoke', shareId: sampleCreatedShare.id });
    shares.actor.send({ type: 'revoke.confirm' });
    await shares.revoke.resolve({ ...sampleCreatedShare, url: null, revokedAt: '2026-11-26T22:20:00.000Z' });
    expect(selectCreatedShare(shares.snapshot())).toBeNull();
  });

  pin(
    { from: 'reportShares.ready.revoking', on: 'xstate.error.actor.revokeShare', to: 'reportShares.ready.idle' },
    'a refusal closes the dialog and says why',
    async () => {
      const shares = await confirming();
      shares.actor.send({ type: 'revoke.confirm' });
      await shares.revoke.reject(apiRefusal('Share not found', 404));
      expect(selectSharesError(shares.snapshot())).toBe('Share not found');
      expect(selectShares(shares.snapshot())[0]!.revokedAt).toBeNull();
    },
  );

  pinsEveryTransition();
});
