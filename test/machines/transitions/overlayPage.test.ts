// The overlay page's machine over time (docs/product.md §The overlay for OBS), with fake timers: the rotation, the proof's seconds and 15-second
// reports (only while OBS shows the source on Program and streams; never in a browser tab or the preview), the
// page's presence (its host state every 15 s and at once on a change; never from the preview), a stream that fails
// and comes back after a growing wait, a rotated token that shows nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import {
  currentOffer,
  overlayPageMachine,
  type Beat,
  type HostStatus,
  type OverlayPageEvent,
} from '@/machines/overlay/overlayPage.machine';
import { sampleOverlayState } from '@/machines/overlay/samples';
import type { HostState } from '@/contract/overlay';

/** OBS with the source on Program while streaming: the one host that counts. */
const PROGRAM: HostStatus = { obs: true, visible: true, active: true, streaming: true };

function start(options: { preview?: boolean; host?: Partial<HostStatus> } = {}) {
  const reports: Beat[][] = [];
  const presence: HostState[] = [];
  let connections = 0;
  let send: ((event: OverlayPageEvent) => void) | null = null;
  const overlayStream = fromCallback<EventObject, { token: string }>(({ sendBack }) => {
    connections += 1;
    send = sendBack;
    return () => {
      send = null;
    };
  });
  const actor = createActor(
    overlayPageMachine.provide({
      actors: { overlayStream, hostWatch: fromCallback<EventObject, void>(() => () => {}) },
      actions: {
        sendBeats: (_args, { beats }) => void reports.push(beats),
        sendPresence: (_args, { host }) => void presence.push(host),
      },
    }),
    {
      input: {
        token: 't',
        preview: options.preview ?? false,
        host: { ...PROGRAM, ...options.host },
      },
    },
  );
  actor.start();
  return {
    actor,
    reports,
    presence,
    get connections() {
      return connections;
    },
    stream: (event: OverlayPageEvent) => send!(event),
    get open() {
      return send !== null;
    },
    shown: () => currentOffer(actor.getSnapshot().context),
    showing: () => actor.getSnapshot().matches({ display: 'showing' }),
  };
}

describe('the overlay page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows nothing until the state comes, then rotates the creatives every rotationSeconds', () => {
    const page = start();
    expect(page.showing()).toBe(false);
    page.stream({ type: 'stream.state', state: sampleOverlayState });
    expect(page.showing()).toBe(true);
    expect(page.shown()).toBe('off_1');
    vi.advanceTimersByTime(19_999);
    expect(page.shown()).toBe('off_1');
    vi.advanceTimersByTime(1);
    expect(page.shown()).toBe('off_2');
    vi.advanceTimersByTime(20_000);
    expect(page.shown()).toBe('off_1');
    // A new state keeps the creative on screen when it is still there.
    vi.advanceTimersByTime(20_000);
    page.stream({ type: 'stream.state', state: { ...sampleOverlayState, version: 2, rotationSeconds: 10 } });
    expect(page.shown()).toBe('off_2');
    // Switched off: hidden at once.
    page.stream({ type: 'stream.state', state: { ...sampleOverlayState, version: 3, enabled: false, creatives: [] } });
    expect(page.showing()).toBe(false);
  });

  it('counts the seconds each offer is on screen and reports them every 15 s', () => {
    const page = start();
    page.stream({ type: 'stream.state', state: sampleOverlayState });
    const total = () => page.reports.flat().reduce((sum, beat) => sum + beat.seconds, 0);
    const of = (offerId: string) =>
      page.reports
        .flat()
        .filter((beat) => beat.offerId === offerId)
        .reduce((sum, beat) => sum + beat.seconds, 0);
    vi.advanceTimersByTime(15_000);
    // The report and the 15th second fall due together: the second may go into the next report.
    expect(page.reports).toHaveLength(1);
    expect(page.reports[0]![0]!.offerId).toBe('off_1');
    expect(page.reports[0]![0]!.seconds).toBeGreaterThanOrEqual(14);
    vi.advanceTimersByTime(15_000);
    // 20 s of off_1, then off_2 (the second that falls due with the rotation counts for either).
    expect(of('off_1')).toBeGreaterThanOrEqual(19);
    expect(of('off_1')).toBeLessThanOrEqual(20);
    expect(of('off_2')).toBeGreaterThanOrEqual(9);
    vi.advanceTimersByTime(60_000);
    expect(total()).toBeGreaterThanOrEqual(88);
    expect(total()).toBeLessThanOrEqual(90);
  });

  it('in OBS counts only while the source is visible and active and OBS is streaming', () => {
    const page = start({ host: { streaming: null } });
    page.stream({ type: 'stream.state', state: sampleOverlayState });
    page.actor.send({ type: 'host.changed', host: { visible: false } });
    vi.advanceTimersByTime(60_000);
    expect(page.reports).toEqual([]);
    page.actor.send({ type: 'host.changed', host: { visible: true, active: false } });
    vi.advanceTimersByTime(30_000);
    expect(page.reports).toEqual([]);
    // Streaming unknown (OBS has not said, or the page may not read it) counts nothing either.
    page.actor.send({ type: 'host.changed', host: { active: true } });
    vi.advanceTimersByTime(30_000);
    expect(page.reports).toEqual([]);
    page.actor.send({ type: 'host.changed', host: { streaming: false } });
    vi.advanceTimersByTime(30_000);
    expect(page.reports).toEqual([]);
    page.actor.send({ type: 'host.changed', host: { streaming: true } });
    vi.advanceTimersByTime(30_000);
    expect(page.reports.flat().reduce((sum, beat) => sum + beat.seconds, 0)).toBeGreaterThanOrEqual(29);
    // Hidden mid-way: the seconds counted so far are still reported, then nothing.
    vi.advanceTimersByTime(5_000);
    page.actor.send({ type: 'host.changed', host: { visible: false } });
    const before = page.reports.length;
    vi.advanceTimersByTime(15_000);
    expect(page.reports.length).toBe(before + 1);
    vi.advanceTimersByTime(60_000);
    expect(page.reports.length).toBe(before + 1);
  });

  it('switched off while OBS streams it: the seconds shown so far are reported, then none until it is on again', () => {
    const page = start();
    page.stream({ type: 'stream.state', state: sampleOverlayState });
    const total = () => page.reports.flat().reduce((sum, beat) => sum + beat.seconds, 0);
    vi.advanceTimersByTime(20_000);
    // The creator switches the overlay off: nothing is on screen, so nothing more is counted.
    page.stream({ type: 'stream.state', state: { ...sampleOverlayState, version: 2, enabled: false } });
    expect(page.showing()).toBe(false);
    vi.advanceTimersByTime(15_000);
    const shown = total();
    expect(shown).toBeGreaterThanOrEqual(19);
    expect(shown).toBeLessThanOrEqual(20);
    vi.advanceTimersByTime(60_000);
    expect(total()).toBe(shown);
    // On again 95 s in: counted again, and reported at the next 15-second reports (105 s and 120 s).
    page.stream({ type: 'stream.state', state: { ...sampleOverlayState, version: 3 } });
    vi.advanceTimersByTime(30_000);
    expect(total()).toBeGreaterThanOrEqual(shown + 24);
  });

  it("the dashboard's preview shows but never reports, neither seconds nor presence", () => {
    const page = start({ preview: true });
    page.stream({ type: 'stream.state', state: sampleOverlayState });
    expect(page.showing()).toBe(true);
    vi.advanceTimersByTime(120_000);
    page.actor.send({ type: 'host.changed', host: { streaming: false } });
    vi.advanceTimersByTime(30_000);
    expect(page.reports).toEqual([]);
    expect(page.presence).toEqual([]);
  });

  describe('which hosts count', () => {
    const cases: [string, Partial<HostStatus>, HostState][] = [
      ['a visible browser tab', { obs: false, visible: true, active: true, streaming: null }, 'browser'],
      ["OBS's Studio Mode preview (visible, not on Program)", { active: false }, 'not_program'],
      ['a hidden source in OBS', { visible: false, active: false }, 'not_program'],
      ['OBS on Program, not streaming', { streaming: false }, 'not_streaming'],
      ['OBS on Program, streaming unknown', { streaming: null }, 'not_streaming'],
    ];
    it.each(cases)('%s counts nothing and says so', (_what, host, state) => {
      const page = start({ host });
      page.stream({ type: 'stream.state', state: sampleOverlayState });
      vi.advanceTimersByTime(120_000);
      expect(page.reports).toEqual([]);
      expect(new Set(page.presence)).toEqual(new Set([state]));
    });
    it('OBS on Program while streaming counts', () => {
      const page = start();
      page.stream({ type: 'stream.state', state: sampleOverlayState });
      vi.advanceTimersByTime(30_000);
      expect(page.reports.flat().reduce((sum, beat) => sum + beat.seconds, 0)).toBeGreaterThanOrEqual(29);
      expect(new Set(page.presence)).toEqual(new Set(['program']));
    });
  });

  it('reports its host at once, every 15 s, and at once when the host state changes', () => {
    const page = start({ host: { streaming: null } });
    expect(page.presence).toEqual(['not_streaming']);
    vi.advanceTimersByTime(14_999);
    expect(page.presence).toEqual(['not_streaming']);
    vi.advanceTimersByTime(1);
    expect(page.presence).toEqual(['not_streaming', 'not_streaming']);
    // OBS answers getStatus: streaming. At once, and the next report 15 s after it.
    vi.advanceTimersByTime(5_000);
    page.actor.send({ type: 'host.changed', host: { streaming: true } });
    expect(page.presence.at(-1)).toBe('program');
    expect(page.presence).toHaveLength(3);
    // A change that leaves the host state as it was is not reported early.
    page.actor.send({ type: 'host.changed', host: { visible: true } });
    expect(page.presence).toHaveLength(3);
    vi.advanceTimersByTime(14_999);
    expect(page.presence).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(page.presence).toEqual(['not_streaming', 'not_streaming', 'program', 'program']);
    // Studio Mode: the scene goes back to preview.
    page.actor.send({ type: 'host.changed', host: { active: false } });
    expect(page.presence.at(-1)).toBe('not_program');
    page.actor.send({ type: 'host.changed', host: { active: true, streaming: false } });
    expect(page.presence.at(-1)).toBe('not_streaming');
    expect(page.presence).toHaveLength(6);
  });

  it('a failed stream is opened again after 1, 2, 5, 10, then 30 s, forever; a working one resets the wait', () => {
    const page = start();
    expect(page.connections).toBe(1);
    for (const [index, wait] of [1000, 2000, 5000, 10_000, 30_000, 30_000].entries()) {
      page.stream({ type: 'stream.error' });
      expect(page.open).toBe(false);
      vi.advanceTimersByTime(wait - 1);
      expect(page.connections).toBe(index + 1);
      vi.advanceTimersByTime(1);
      expect(page.connections).toBe(index + 2);
    }
    page.stream({ type: 'stream.state', state: sampleOverlayState });
    page.stream({ type: 'stream.error' });
    // What it showed stays on screen while it reconnects (a server restart does not blank the stream).
    expect(page.showing()).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(page.connections).toBe(8);
  });

  it('a rotated token: the page forgets what it showed and keeps trying', () => {
    const page = start();
    page.stream({ type: 'stream.state', state: sampleOverlayState });
    page.stream({ type: 'stream.revoked' });
    expect(page.showing()).toBe(false);
    expect(page.actor.getSnapshot().context.state).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(page.connections).toBe(2);
  });
});
