// The chat bot's dialog (docs/product.md §Deliverables, "The chat bot") driven along the offerBot statechart's
// generated paths: every event is a gesture on the screen (the button, Close, Try again, Refresh, Pause, Resume) or a
// settled request, and each path ends on what its state shows; the advertiser's read-only dialog offers no Pause.
// Then its words (issue 49): in English as the spec's screens had them, and in Spanish.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogue } from '@/machines/index';
import { fixtures } from '@/machines/samples';
import { offerBotMachine, type OfferBotAnswer } from '@/machines/deliverables/offerBot.machine';
import { samplePausedProgress, samplePosts, sampleProgress } from '@/machines/deliverables/samples';
import { OfferBot } from '@/src/deliverables/OfferBot';
import { setLocale } from '@/src/i18n/i18n';
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

/** The dialog over the bot's samples, opened and read: the creator's, or the advertiser's read-only one. */
async function opened(answer: OfferBotAnswer, { readOnly = false, name }: { readOnly?: boolean; name: RegExp }) {
  const load = controlled<OfferBotAnswer, { offerId: string }>();
  const setPaused = controlled<OfferBotAnswer, { offerId: string; paused: boolean }>();
  const logic = offerBotMachine.provide({ actors: { loadBot: load.logic, setBotPaused: setPaused.logic } });
  renderScreen(<OfferBot offerId="off_nova" title="Nova Energy Drink" readOnly={readOnly} logic={logic} />, {
    jwt: readOnly ? 'advertiser.jwt' : 'creator.jwt',
  });
  fireEvent.click(await screen.findByRole('button', { name }));
  await load.resolve(answer);
  return { load, setPaused };
}

describe('the chat bot dialog’s words', () => {
  it('in English: each post says where it went, why it was dropped and the platform’s message id', async () => {
    await opened({ progress: samplePausedProgress, posts: samplePosts }, { name: /^Chat bot$/ });
    const dialog = within(screen.getByRole('dialog', { name: 'Chat bot: Nova Energy Drink' }));
    expect(dialog.getByText('Paused')).toBeInTheDocument();
    expect(dialog.getByText('4 of 10 posts')).toBeInTheDocument();
    expect(dialog.getByText('Posts nothing for this offer until you resume it.')).toBeInTheDocument();
    expect(dialog.getByText('Viewers typing !nova get the same line.')).toBeInTheDocument();
    const posts = within(dialog.getByRole('list', { name: 'Last posts' })).getAllByRole('listitem');
    expect(posts[0]).toHaveTextContent('Sent');
    expect(posts[0]).toHaveTextContent('Nov 26, 2026, 21:34 UTC');
    expect(posts[0]).toHaveTextContent('Twitch, answer to !nova');
    expect(posts[0]).toHaveTextContent('Twitch’s message id: msg-3');
    expect(posts[1]).toHaveTextContent('Twitch, scheduled');
    expect(posts[2]).toHaveTextContent('Dropped');
    expect(posts[2]).toHaveTextContent('Why: msg_duplicate');
  });

  it('in English, read-only: the advertiser reads that the creator must let the bot post', async () => {
    const waiting = { ...sampleProgress, chat: { ...sampleProgress.chat!, consent: false } };
    await opened({ progress: waiting, posts: [] }, { readOnly: true, name: /^Chat bot$/ });
    const dialog = within(screen.getByRole('dialog', { name: 'Chat bot: Nova Energy Drink' }));
    expect(dialog.getByText('Needs consent')).toBeInTheDocument();
    expect(dialog.getByText('Waiting for the creator to let the bot post in their chat.')).toBeInTheDocument();
    expect(dialog.getByText('No posts yet.')).toBeInTheDocument();
  });

  it('in Spanish: the dialog, where the bot stands, its posts and Pause / Resume in the page’s language', async () => {
    await act(() => setLocale('es-MX'));
    const { setPaused } = await opened(
      { progress: samplePausedProgress, posts: samplePosts },
      {
        name: /^Bot del chat$/,
      },
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Bot del chat: Nova Energy Drink' }));
    expect(dialog.getByText('Lo que publica el bot')).toBeInTheDocument();
    // The bot's line is the campaign's, as written.
    expect(dialog.getAllByText(sampleProgress.chat!.preview)[0]).toBeInTheDocument();
    expect(dialog.getByText('Quien escriba !nova recibe el mismo mensaje.')).toBeInTheDocument();
    expect(dialog.getByText('En pausa')).toBeInTheDocument();
    expect(dialog.getByText('4 de 10 publicaciones')).toBeInTheDocument();
    expect(dialog.getByText('No publica nada para esta oferta hasta que lo reanudes.')).toBeInTheDocument();
    const posts = within(dialog.getByRole('list', { name: 'Últimas publicaciones' })).getAllByRole('listitem');
    expect(posts[0]).toHaveTextContent('Enviada');
    // Days and times the language's way, on the UTC clock.
    expect(posts[0]).toHaveTextContent('26 nov 2026, 21:34 UTC');
    expect(posts[0]).toHaveTextContent('Twitch, respuesta a !nova');
    expect(posts[0]).toHaveTextContent('ID del mensaje en Twitch: msg-3');
    expect(posts[1]).toHaveTextContent('Twitch, programada');
    expect(posts[2]).toHaveTextContent('Descartada');
    // The platform's reason as it gave it.
    expect(posts[2]).toHaveTextContent('Motivo: msg_duplicate');
    expect(dialog.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
    fireEvent.click(dialog.getByRole('button', { name: 'Reanudar' }));
    expect(setPaused.inputs).toEqual([{ offerId: 'off_nova', paused: false }]);
    // The server's refusal, in the language it answered in, is shown as it came.
    await setPaused.reject(new Error('La oferta no está aceptada ni activa'));
    expect(dialog.getByRole('alert')).toHaveTextContent('La oferta no está aceptada ni activa');
  });

  it('in Spanish: a bot without consent links the creator to Connect Accounts', async () => {
    await act(() => setLocale('es-MX'));
    const waiting = { ...sampleProgress, chat: { ...sampleProgress.chat!, consent: false } };
    await opened({ progress: waiting, posts: [] }, { name: /^Bot del chat$/ });
    const dialog = within(screen.getByRole('dialog', { name: 'Bot del chat: Nova Energy Drink' }));
    expect(dialog.getByText('Falta permiso')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'actívalo en Conectar cuentas' })).toHaveAttribute(
      'href',
      '/connect-accounts',
    );
    expect(dialog.getByText('Todavía no hay publicaciones.')).toBeInTheDocument();
  });

  it('in Spanish: a failed read says so, with Try again', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<OfferBotAnswer, { offerId: string }>();
    const logic = offerBotMachine.provide({ actors: { loadBot: load.logic } });
    renderScreen(<OfferBot offerId="off_nova" title="Nova Energy Drink" logic={logic} />, { jwt: 'creator.jwt' });
    fireEvent.click(await screen.findByRole('button', { name: 'Bot del chat' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Bot del chat: Nova Energy Drink' }));
    expect(dialog.getByText('Cargando el bot del chat')).toBeInTheDocument();
    await load.reject(new Error('No se encontró la oferta'));
    const alert = dialog.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el bot del chat');
    expect(alert).toHaveTextContent('No se encontró la oferta');
    expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
  });
});
