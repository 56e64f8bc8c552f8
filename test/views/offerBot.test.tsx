// The chat bot's dialog (docs/product.md §Deliverables, "The chat bot") driven along the offerBot statechart's
// generated paths: every event is a gesture on the screen (the button, Close, Try again, Refresh, Pause, Resume) or a
// settled request, and each path ends on what its state shows; the advertiser's read-only dialog offers no Pause.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue } from '@/machines/index';
import { fixtures } from '@/machines/samples';
import { offerBotMachine, type OfferBotAnswer } from '@/machines/deliverables/offerBot.machine';
import { OfferBot } from '@/src/deliverables/OfferBot';
import { generatePaths } from '@/test/machines/paths';
import { controlled, perform, renderScreen, type Gestures } from './harness';

describe('the chat bot dialog along generated paths', () => {
  const paths = generatePaths(catalogue.offerBot, fixtures.offerBot);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const { readOnly = false } = (path.input ?? {}) as { readOnly?: boolean };
    const load = controlled<OfferBotAnswer, { offerId: string }>();
    const setPaused = controlled<OfferBotAnswer, { offerId: string; paused: boolean }>();
    const logic = offerBotMachine.provide({ actors: { loadBot: load.logic, setBotPaused: setPaused.logic } });
    renderScreen(<OfferBot offerId="off_nova" title="Nova Energy Drink" readOnly={readOnly} logic={logic} />, {
      jwt: 'creator.jwt',
    });
    const dialog = () => within(screen.getByRole('dialog', { name: 'Chat bot: Nova Energy Drink' }));

    const gestures = {
      'bot.open': () => fireEvent.click(screen.getByRole('button', { name: 'Chat bot' })),
      'bot.close': () => fireEvent.click(dialog().getByRole('button', { name: 'Close' })),
      'bot.retry': () => fireEvent.click(dialog().getByRole('button', { name: 'Try again' })),
      'bot.refresh': () => fireEvent.click(dialog().getByRole('button', { name: 'Refresh' })),
      // A button the bot's state does not offer (Pause of a paused bot, any for the advertiser) is not there.
      'bot.pause': () => {
        const button = dialog().queryByRole('button', { name: 'Pause' });
        if (button) fireEvent.click(button);
      },
      'bot.resume': () => {
        const button = dialog().queryByRole('button', { name: 'Resume' });
        if (button) fireEvent.click(button);
      },
      'xstate.done.actor.loadBot': ({ output }) => load.resolve(output),
      'xstate.error.actor.loadBot': () => load.reject(new Error('Offer not found')),
      'xstate.done.actor.setBotPaused': ({ output }) => setPaused.resolve(output),
      'xstate.error.actor.setBotPaused': () => setPaused.reject(new Error('The offer is not accepted or active')),
    } satisfies Gestures<typeof offerBotMachine>;
    await perform(gestures, path.events);

    const expected = JSON.stringify(path.expected);
    if (expected === '"closed"') expect(screen.queryByRole('dialog')).toBeNull();
    else if (expected === '"loading"') expect(dialog().getByText('Loading the chat bot')).toBeInTheDocument();
    else if (expected === '"failed"') expect(dialog().getByRole('alert')).toHaveTextContent('Offer not found');
    else {
      expect(dialog().getByText('What the bot posts')).toBeInTheDocument();
      expect(dialog().getByRole('list', { name: 'Last posts' })).toBeInTheDocument();
      const control = dialog().queryByRole('button', { name: /^(Pause|Resume)$/ });
      expect(control === null).toBe(readOnly);
      if (expected === '{"ready":"pausing"}' || expected === '{"ready":"resuming"}') expect(control).toBeDisabled();
      if (path.events.at(-1)?.type === 'xstate.error.actor.setBotPaused')
        expect(dialog().getByRole('alert')).toHaveTextContent('The offer is not accepted or active');
    }
  });
});
