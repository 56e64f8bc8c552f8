// The documents flow's transitions, pinned by hand (docs/product.md §Self-serve money): the list loads (a failure
// offers a retry), news reads it again keeping what is shown, and one PDF downloads at a time, a failure said until
// the next download.
import { describe, expect } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { DocumentSummary } from '@/contract/schemas/documents';
import { documentsMachine } from '@/machines/money/documents.machine';
import {
  selectDocuments,
  selectDocumentsLoadError,
  selectDownloadError,
  selectSaving,
} from '@/machines/money/documents.select';
import { sampleDocuments } from '@/machines/money/documents.samples';
import { apiRefusal } from '@/machines/events';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

function start() {
  const load = controlled<DocumentSummary[]>();
  const download = controlled<void, { id: string; number: string }>();
  const actor = createActor(
    documentsMachine.provide({
      actors: { loadDocuments: load.logic, downloadDocument: download.logic, liveFeed: fromCallback(() => {}) },
    }),
  );
  actor.start();
  return { actor, load, download, value: () => actor.getSnapshot().value, snapshot: () => actor.getSnapshot() };
}

async function ready() {
  const flow = start();
  await flow.load.resolve(sampleDocuments);
  return flow;
}

const READY_IDLE = { ready: { list: 'idle', download: 'idle' } };

describe('documents transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(documentsMachine);

  pin(
    { from: 'documents.loading', on: 'xstate.done.actor.loadDocuments', to: 'documents.ready' },
    'the list shows, newest first as read',
    async () => {
      const flow = await ready();
      expect(flow.value()).toEqual(READY_IDLE);
      expect(selectDocuments(flow.snapshot())).toEqual(sampleDocuments);
    },
  );
  pin(
    { from: 'documents.loading', on: 'xstate.error.actor.loadDocuments', to: 'documents.failed' },
    'a failed load says why',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('Castbridge is not answering'));
      expect(flow.value()).toBe('failed');
      expect(selectDocumentsLoadError(flow.snapshot())).toBe('Castbridge is not answering');
    },
  );
  pin(
    { from: 'documents.failed', on: 'documents.retry', to: 'documents.loading' },
    'Try again reads the list again',
    async () => {
      const flow = start();
      await flow.load.reject(new Error('down'));
      flow.actor.send({ type: 'documents.retry' });
      expect(flow.value()).toBe('loading');
      expect(flow.load.started).toBe(2);
    },
  );
  pin(
    { from: 'documents.ready.list.idle', on: 'documents.reload', to: 'documents.ready.list.reloading' },
    'news reads the list again, the list on screen staying',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'documents.reload' });
      expect(flow.value()).toEqual({ ready: { list: 'reloading', download: 'idle' } });
      expect(selectDocuments(flow.snapshot())).toEqual(sampleDocuments);
    },
  );
  pin(
    { from: 'documents.ready.list.reloading', on: 'documents.reload', to: 'documents.ready.list.reloading' },
    'news during a read starts the read again',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'documents.reload' });
      flow.actor.send({ type: 'documents.reload' });
      expect(flow.load.started).toBe(3);
    },
  );
  pin(
    {
      from: 'documents.ready.list.reloading',
      on: 'xstate.done.actor.loadDocuments',
      to: 'documents.ready.list.idle',
    },
    'the new list replaces the old',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'documents.reload' });
      await flow.load.resolve(sampleDocuments.slice(1));
      expect(flow.value()).toEqual(READY_IDLE);
      expect(selectDocuments(flow.snapshot())).toEqual(sampleDocuments.slice(1));
    },
  );
  pin(
    {
      from: 'documents.ready.list.reloading',
      on: 'xstate.error.actor.loadDocuments',
      to: 'documents.ready.list.idle',
    },
    'a failed read keeps the list shown',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'documents.reload' });
      await flow.load.reject(new Error('down'));
      expect(flow.value()).toEqual(READY_IDLE);
      expect(selectDocuments(flow.snapshot())).toEqual(sampleDocuments);
    },
  );
  pin(
    { from: 'documents.ready.download.idle', on: 'document.download', to: 'documents.ready.download.saving' },
    'Download fetches that document; another Download meanwhile is not taken',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'document.download', id: 'doc-2', number: 'S-2026-000002' });
      flow.actor.send({ type: 'document.download', id: 'doc-1', number: 'Y-2025-000001' });
      expect(flow.download.inputs).toEqual([{ id: 'doc-2', number: 'S-2026-000002' }]);
      expect(selectSaving(flow.snapshot())).toEqual({ id: 'doc-2', number: 'S-2026-000002' });
    },
  );
  pin(
    {
      from: 'documents.ready.download.saving',
      on: 'xstate.done.actor.downloadDocument',
      to: 'documents.ready.download.idle',
    },
    'saved: the next Download is taken',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'document.download', id: 'doc-2', number: 'S-2026-000002' });
      await flow.download.resolve();
      expect(flow.value()).toEqual(READY_IDLE);
      expect(selectSaving(flow.snapshot())).toBeNull();
      expect(selectDownloadError(flow.snapshot())).toBeNull();
    },
  );
  pin(
    {
      from: 'documents.ready.download.saving',
      on: 'xstate.error.actor.downloadDocument',
      to: 'documents.ready.download.idle',
    },
    'a failed download says why, until the next Download',
    async () => {
      const flow = await ready();
      flow.actor.send({ type: 'document.download', id: 'doc-2', number: 'S-2026-000002' });
      await flow.download.reject(apiRefusal('No such document', 404));
      expect(selectDownloadError(flow.snapshot())).toEqual({ number: 'S-2026-000002', message: 'No such document' });
      flow.actor.send({ type: 'document.download', id: 'doc-1', number: 'Y-2025-000001' });
      expect(selectDownloadError(flow.snapshot())).toBeNull();
    },
  );

  pinsEveryTransition();
});
