// The OBS Extension screen's "Counting now" (docs/product.md §Verified delivery) through the overlayStatus machine with
// a controlled read: Counting, each reason's text (with Connect Accounts for a missing channel), the channels as the
// platform reported them, each offer's verified minutes, the verdict announced politely, a failed read keeping the
// last status, and reads every 5 s while the screen is open (none once it closes).
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTING_REASONS } from '@/contract/overlay';
import { COUNTING_REASON_TEXT } from './overlayTexts';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import type { OverlaySettings } from '@/contract';
import { overlaySettingsMachine } from '@/machines/overlay/overlaySettings.machine';
import { overlayStatusMachine, STATUS_POLL_MS } from '@/machines/overlay/overlayStatus.machine';
import { sampleCountingStatus, sampleUndisclosedStatus } from '@/machines/overlay/overlayStatus.samples';
import { sampleOverlaySettings } from '@/machines/overlay/samples';
import { apiRefusal } from '@/machines/events';
import { ObsExtensionScreen } from '@/src/overlay/ObsExtension';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

function setup() {
  const load = controlled<OverlaySettings>();
  const status = controlled<OverlayStatus>();
  const logic = overlaySettingsMachine.provide({ actors: { loadOverlay: load.logic } });
  const statusLogic = overlayStatusMachine.provide({ actors: { loadStatus: status.logic } });
  const view = renderScreen(<ObsExtensionScreen logic={logic} statusLogic={statusLogic} />, {
    path: '/obs-extension',
    jwt: 'creator.jwt',
  });
  const panel = () => within(screen.getByRole('region', { name: 'Counting now' }));
  const verdict = () => panel().getByRole('status');
  return { status, panel, verdict, view };
}

afterEach(() => vi.useRealTimers());

describe('Counting now', () => {
  it('says Counting, in a polite live region, with the channel as the platform reported it and the verified minutes', async () => {
    const { status, panel, verdict } = setup();
    expect(verdict()).toHaveAttribute('aria-live', 'polite');
    expect(verdict()).toHaveTextContent('Checking whether your overlay is counted…');
    expect(status.started).toBe(1);
    await status.resolve(sampleCountingStatus);
    expect(verdict()).toHaveTextContent(/^Counting/);
    expect(verdict()).not.toHaveTextContent('Not counting');
    const channel = within(panel().getByRole('listitem', { name: 'Twitch ana_speedruns' }));
    expect(channel.getByText('Live')).toBeInTheDocument();
    expect(channel.getByText('Any% practice #ad')).toBeInTheDocument();
    expect(channel.getByText('Yes')).toBeInTheDocument();
    expect(channel.getByText('1,234')).toBeInTheDocument();
    expect(channel.getByText('Nov 26, 2026, 09:59:30 UTC')).toBeInTheDocument();
    expect(panel().getByText('Nova Energy')).toBeInTheDocument();
    expect(panel().getByText('Verified 45 min of 120 min')).toBeInTheDocument();
  });

  it.each(COUNTING_REASONS)('not counting because %s: the reason in plain words', async (reason) => {
    const { status, verdict } = setup();
    await status.resolve({ ...sampleCountingStatus, counting: false, reason });
    expect(verdict()).toHaveTextContent('Not counting');
    expect(verdict()).toHaveTextContent(COUNTING_REASON_TEXT[reason]);
    const link = within(verdict()).queryByRole('link', { name: 'Go to Connect Accounts' });
    if (reason === 'no_channel') expect(link).toHaveAttribute('href', '/connect-accounts');
    else expect(link).toBeNull();
  });

  it('an undisclosed stream: the channel says to add #ad to the title; an offline channel reads Offline', async () => {
    const { status, panel } = setup();
    await status.resolve({
      ...sampleUndisclosedStatus,
      channels: [
        ...sampleUndisclosedStatus.channels,
        {
          platform: 'youtube',
          login: '@ana',
          live: false,
          checkedAt: null,
          title: null,
          disclosed: null,
          viewers: null,
          problem: 'YouTube refused the connection: connect it again.',
        },
      ],
    });
    const twitch = within(panel().getByRole('listitem', { name: 'Twitch ana_speedruns' }));
    expect(twitch.getByText('Live')).toBeInTheDocument();
    expect(twitch.getByText('No: add #ad to your title')).toBeInTheDocument();
    const youtube = within(panel().getByRole('listitem', { name: 'YouTube @ana' }));
    expect(youtube.getByText('Offline')).toBeInTheDocument();
    expect(youtube.getByText('Not yet')).toBeInTheDocument();
    expect(youtube.getByText('YouTube refused the connection: connect it again.')).toBeInTheDocument();
  });

  it('without connected channels the list links to Connect Accounts', async () => {
    const { status, panel } = setup();
    await status.resolve({ ...sampleCountingStatus, counting: false, reason: 'no_channel', channels: [], offers: [] });
    expect(panel().getByRole('link', { name: 'Connect Twitch or YouTube' })).toHaveAttribute(
      'href',
      '/connect-accounts',
    );
    expect(panel().getByText('None today.')).toBeInTheDocument();
  });

  it('reads again every 5 s; a failed read keeps the last status and says it will try again; none once closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { status, panel, verdict, view } = setup();
    await status.resolve(sampleCountingStatus);
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    expect(status.started).toBe(2);
    await status.reject(apiRefusal('Service unavailable', 503));
    expect(verdict()).toHaveTextContent(/^Counting/);
    expect(
      panel().getByText('Could not check again: Service unavailable. Trying again in a few seconds.'),
    ).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    expect(status.started).toBe(3);
    await status.resolve(sampleUndisclosedStatus);
    expect(verdict()).toHaveTextContent(COUNTING_REASON_TEXT.undisclosed);
    expect(panel().queryByText(/Could not check/)).toBeNull();
    view.unmount();
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS * 4);
    });
    expect(status.started).toBe(3);
  });

  it('in Spanish: the screen, the verdict and its reason, the channel’s facts, its figures and times', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<OverlaySettings>();
    const status = controlled<OverlayStatus>();
    renderScreen(
      <ObsExtensionScreen
        logic={overlaySettingsMachine.provide({ actors: { loadOverlay: load.logic } })}
        statusLogic={overlayStatusMachine.provide({ actors: { loadStatus: status.logic } })}
      />,
      { path: '/obs-extension', jwt: 'creator.jwt' },
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Extensión de OBS');
    expect(screen.getByRole('button', { name: 'Descargar ahora' })).toBeInTheDocument();
    const panel = within(screen.getByRole('region', { name: 'Conteo en este momento' }));
    await status.resolve(sampleCountingStatus);
    expect(panel.getByRole('status')).toHaveTextContent(/^Contando/);
    const channel = within(panel.getByRole('listitem', { name: 'Twitch ana_speedruns' }));
    expect(channel.getByText('En vivo')).toBeInTheDocument();
    expect(channel.getByText('Sí')).toBeInTheDocument();
    expect(channel.getByText('26 nov 2026, 09:59:30 UTC')).toBeInTheDocument();
    expect(panel.getByText('Verificado 45 min de 120 min')).toBeInTheDocument();
    // The settings, a chunk of their own, in the same language.
    await load.resolve(sampleOverlaySettings);
    const settings = within(await screen.findByRole('region', { name: 'Tu overlay' }));
    expect(settings.getByRole('switch', { name: 'Mostrar el overlay en la transmisión' })).toBeInTheDocument();
    expect(settings.getByRole('button', { name: 'Nueva URL' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Vista previa en vivo' })).toBeInTheDocument();
  });
});
