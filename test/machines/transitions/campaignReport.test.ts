// The brand's report's transitions (docs/product.md §Deliverables, "The brand's report"), pinned by hand: read, a
// failure tried again, an unknown or revoked link (404) ending on its own page, the creator filter reading again
// keeping the figures shown, the CSV downloaded with the same filter.
import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import type { CampaignReport } from '@/contract/schemas/deliverables';
import { apiRefusal } from '@/machines/events';
import { campaignReportMachine } from '@/machines/deliverables/campaignReport.machine';
import {
  selectReport,
  selectReportCreators,
  selectReportDownloading,
  selectReportError,
  selectReportGone,
  selectReportOfferId,
  selectReportReloading,
} from '@/machines/deliverables/campaignReport.select';
import { sampleCreatorReport, sampleReport } from '@/machines/deliverables/campaignReport.samples';
import { controlled } from '../controlled';
import { pinTransitions } from './pin';

type Input = { source: string; offerId: string | null };

function start(offerId: string | null = null) {
  const load = controlled<CampaignReport, Input>();
  const csv = controlled<void, Input>();
  const actor = createActor(
    campaignReportMachine.provide({ actors: { loadReport: load.logic, downloadCsv: csv.logic } }),
    { input: { source: 'cmp_nova', offerId } },
  );
  actor.start();
  return { actor, load, csv, value: () => actor.getSnapshot().value, snapshot: () => actor.getSnapshot() };
}

async function ready() {
  const report = start();
  await report.load.resolve(sampleReport);
  expect(report.value()).toEqual({ ready: 'idle' });
  return report;
}

describe('campaignReport transitions', () => {
  const { pin, pinsEveryTransition } = pinTransitions(campaignReportMachine);

  pin(
    { from: 'campaignReport.loading', on: 'xstate.done.actor.loadReport', to: 'campaignReport.ready' },
    'the report is read for the filter it starts with',
    async () => {
      const report = start('off_rin');
      expect(report.load.inputs).toEqual([{ source: 'cmp_nova', offerId: 'off_rin' }]);
      await report.load.resolve(sampleCreatorReport);
      expect(selectReport(report.snapshot())).toBe(sampleCreatorReport);
      expect(selectReportCreators(report.snapshot())).toEqual([
        { offerId: 'off_rin', name: 'Rin Plays' },
        { offerId: 'off_milo', name: 'Milo Live' },
      ]);
    },
  );

  pin(
    { from: 'campaignReport.loading', on: 'xstate.error.actor.loadReport', guard: 'isGone', to: 'campaignReport.gone' },
    'a 404 (unknown or revoked link) is the end: nothing to retry',
    async () => {
      const report = start();
      await report.load.reject(apiRefusal('Not found', 404));
      expect(selectReportGone(report.snapshot())).toBe(true);
      expect(report.snapshot().status).toBe('done');
    },
  );

  pin(
    { from: 'campaignReport.loading', on: 'xstate.error.actor.loadReport', to: 'campaignReport.failed' },
    'another failure says why',
    async () => {
      const report = start();
      await report.load.reject(apiRefusal('Service unavailable', 503));
      expect(report.value()).toBe('failed');
      expect(selectReportError(report.snapshot())).toBe('Service unavailable');
    },
  );

  pin({ from: 'campaignReport.failed', on: 'report.retry', to: 'campaignReport.loading' }, 'Try again', async () => {
    const report = start();
    await report.load.reject(apiRefusal('Service unavailable', 503));
    report.actor.send({ type: 'report.retry' });
    expect(report.value()).toBe('loading');
    expect(selectReportError(report.snapshot())).toBeNull();
    expect(report.load.started).toBe(2);
  });

  pin(
    { from: 'campaignReport.ready', on: 'report.filter', guard: 'isNewFilter', to: 'campaignReport.ready.reloading' },
    'a new filter reads again keeping the figures; the same one reads nothing',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.filter', offerId: null });
      expect(report.value()).toEqual({ ready: 'idle' });
      expect(report.load.started).toBe(1);
      report.actor.send({ type: 'report.filter', offerId: 'off_rin' });
      expect(selectReportReloading(report.snapshot())).toBe(true);
      expect(selectReportOfferId(report.snapshot())).toBe('off_rin');
      expect(selectReport(report.snapshot())).toBe(sampleReport);
      expect(report.load.inputs.at(-1)).toEqual({ source: 'cmp_nova', offerId: 'off_rin' });
    },
  );

  pin(
    { from: 'campaignReport.ready', on: 'report.refresh', to: 'campaignReport.ready.reloading' },
    'Refresh reads again with the same filter',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.refresh' });
      expect(report.value()).toEqual({ ready: 'reloading' });
      expect(report.load.inputs.at(-1)).toEqual({ source: 'cmp_nova', offerId: null });
    },
  );

  pin(
    { from: 'campaignReport.ready.reloading', on: 'xstate.done.actor.loadReport', to: 'campaignReport.ready.idle' },
    'the new figures replace the old',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.filter', offerId: 'off_rin' });
      await report.load.resolve(sampleCreatorReport);
      expect(report.value()).toEqual({ ready: 'idle' });
      expect(selectReport(report.snapshot())).toBe(sampleCreatorReport);
    },
  );

  pin(
    {
      from: 'campaignReport.ready.reloading',
      on: 'xstate.error.actor.loadReport',
      guard: 'isGone',
      to: 'campaignReport.gone',
    },
    'a link revoked while open: the next read ends on the unavailable page',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.refresh' });
      await report.load.reject(apiRefusal('Not found', 404));
      expect(selectReportGone(report.snapshot())).toBe(true);
    },
  );

  pin(
    { from: 'campaignReport.ready.reloading', on: 'xstate.error.actor.loadReport', to: 'campaignReport.ready.idle' },
    'a failed reread keeps the figures and says why',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.refresh' });
      await report.load.reject(apiRefusal('Service unavailable', 503));
      expect(report.value()).toEqual({ ready: 'idle' });
      expect(selectReport(report.snapshot())).toBe(sampleReport);
      expect(selectReportError(report.snapshot())).toBe('Service unavailable');
    },
  );

  pin(
    { from: 'campaignReport.ready.idle', on: 'report.download', to: 'campaignReport.ready.downloading' },
    'Download CSV fetches the report with its filter',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.filter', offerId: 'off_rin' });
      await report.load.resolve(sampleCreatorReport);
      report.actor.send({ type: 'report.download' });
      expect(selectReportDownloading(report.snapshot())).toBe(true);
      expect(report.csv.inputs).toEqual([{ source: 'cmp_nova', offerId: 'off_rin' }]);
    },
  );

  pin(
    { from: 'campaignReport.ready.downloading', on: 'xstate.done.actor.downloadCsv', to: 'campaignReport.ready.idle' },
    'saved',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.download' });
      await report.csv.resolve();
      expect(report.value()).toEqual({ ready: 'idle' });
      expect(selectReportError(report.snapshot())).toBeNull();
    },
  );

  pin(
    { from: 'campaignReport.ready.downloading', on: 'xstate.error.actor.downloadCsv', to: 'campaignReport.ready.idle' },
    'a failed download says why, the report stays',
    async () => {
      const report = await ready();
      report.actor.send({ type: 'report.download' });
      await report.csv.reject(apiRefusal('Too many requests', 429));
      expect(selectReportError(report.snapshot())).toBe('Too many requests');
      expect(selectReport(report.snapshot())).toBe(sampleReport);
    },
  );

  pinsEveryTransition();
});
