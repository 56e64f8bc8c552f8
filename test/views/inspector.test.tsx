// The offline inspector panel: lists running actors, highlights the current state on the machine's diagram,
// and sends events the current state accepts (payloads prefilled from the machines' samples, machines/samples.ts).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Notification } from '@/contract';
import { archiveChatMachine } from '@/machines/archive/archiveChat.machine';
import { notificationsMachine } from '@/machines/notifications/notifications.machine';
import InspectorDock from '@/src/inspector/InspectorDock';
import InspectorPanel from '@/src/inspector/InspectorPanel';
import { createActorRegistry } from '@/src/inspector/registry';

// The notifications machine with its list read left pending, so that only the test's events move it.
const notificationsLogic = notificationsMachine.provide({
  actors: {
    listNotifications: fromPromise<{ notifications: Notification[]; unread: number }, void>(
      () => new Promise(() => {}),
    ),
  },
});

const activeIn = (stateId: string) =>
  screen.getByTestId('inspector-diagram').querySelector(`[data-state-id="${stateId}"]`)?.getAttribute('data-active');

describe('inspector panel', () => {
  it('lists a running actor and follows its state on the diagram', async () => {
    const registry = createActorRegistry();
    const actor = createActor(notificationsLogic, { inspect: registry.record }).start();
    render(<InspectorPanel registry={registry} />);

    const actors = screen.getByRole('navigation', { name: 'Live actors' });
    expect(
      await within(actors).findByRole('button', { name: new RegExp(`^notifications, ${actor.sessionId}`) }),
    ).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('img', { name: /Statechart of notifications/ })).toBeInTheDocument();
    expect(activeIn('notifications.modal.closed')).toBe('true');
    expect(activeIn('notifications.modal.open')).toBe('false');

    act(() => actor.send({ type: 'notifications.open' }));
    await waitFor(() => expect(activeIn('notifications.modal.open.cards.listing')).toBe('true'));
    expect(activeIn('notifications.modal.open')).toBe('true');
    expect(activeIn('notifications.modal.closed')).toBe('false');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Current state: { list.loading, modal.open.{ clock.ticking, cards.listing } }',
    );
    expect(screen.getByRole('list', { name: 'Events received by notifications' })).toHaveTextContent(
      'notifications.open',
    );

    act(() => actor.stop());
    expect(await screen.findByText('No running actors.')).toBeInTheDocument();
  });

  it('sends an event the current state accepts, with the fixture sample as its payload', async () => {
    const user = userEvent.setup();
    const registry = createActorRegistry();
    // Bare but for the live feed (a subscription: a placeholder would throw as it starts, not fail as a read does).
    const bare = archiveChatMachine.provide({ actors: { liveFeed: fromCallback(() => () => {}) } });
    const actor = createActor(bare, { inspect: registry.record }).start();
    render(
      <StrictMode>
        <InspectorPanel registry={registry} />
      </StrictMode>,
    );

    const accepted = await screen.findByRole('list', { name: 'Events the current state accepts' });
    // noPlatform accepts platform.select and the machine-wide date.change; the list's events only once a platform is chosen.
    expect(
      within(accepted)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .sort(),
    ).toEqual(['date.change', 'platform.select']);

    await user.click(within(accepted).getByRole('button', { name: 'platform.select' }));
    const payload = screen.getByLabelText('Payload of platform.select (JSON, without type)');
    expect(JSON.parse((payload as HTMLTextAreaElement).value)).toEqual({ platform: 'twitch' });
    await user.selectOptions(screen.getByLabelText('Catalogue sample'), '1');
    expect(JSON.parse((payload as HTMLTextAreaElement).value)).toEqual({ platform: 'youtube' });

    await user.click(screen.getByRole('button', { name: 'Send platform.select' }));
    // The machine is bare here: its listArchive placeholder fails loudly, so the list lands in failed.
    expect(actor.getSnapshot().value).toEqual({ platformChosen: 'failed' });
    expect(actor.getSnapshot().context.platform).toBe('youtube');
    await waitFor(() => expect(activeIn('archiveChat.platformChosen')).toBe('true'));
    expect(screen.getByRole('list', { name: 'Context of archiveChat' })).toHaveTextContent('platform: "youtube"');
    expect(screen.getByRole('list', { name: 'Context of archiveChat' })).not.toHaveTextContent('circular');
    expect(
      await within(screen.getByRole('list', { name: 'Events the current state accepts' })).findByRole('button', {
        name: 'archive.retry',
      }),
    ).toBeInTheDocument();

    // An edited payload is sent as typed; invalid JSON is refused with a message.
    await user.click(screen.getByRole('button', { name: 'date.change' }));
    const datePayload = screen.getByLabelText('Payload of date.change (JSON, without type)');
    fireEvent.change(datePayload, { target: { value: '{ "value": "2024-06-30" }' } });
    await user.click(screen.getByRole('button', { name: 'Send date.change' }));
    expect(actor.getSnapshot().context.date).toBe('2024-06-30');
    fireEvent.change(datePayload, { target: { value: '{ nope' } });
    await user.click(screen.getByRole('button', { name: 'Send date.change' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The payload is not JSON');
    expect(actor.getSnapshot().context.date).toBe('2024-06-30');
    actor.stop();
  });

  it('opens with Alt+Shift+I or its button and closes with Escape, returning focus', async () => {
    const user = userEvent.setup();
    const registry = createActorRegistry();
    const actor = createActor(notificationsLogic, { inspect: registry.record }).start();
    render(<InspectorDock registry={registry} />);

    const launcher = screen.getByRole('button', { name: 'States' });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(window, { key: 'Î', code: 'KeyI', altKey: true, shiftKey: true });
    const panel = await screen.findByRole('region', { name: 'Statechart inspector' });
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Statechart inspector' })).toHaveFocus());
    expect(launcher).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Statechart inspector' })).not.toBeInTheDocument();
    expect(launcher).toHaveFocus();

    await user.click(launcher);
    expect(await screen.findByRole('region', { name: 'Statechart inspector' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close inspector' }));
    expect(screen.queryByRole('region', { name: 'Statechart inspector' })).not.toBeInTheDocument();
    actor.stop();
  });
});
