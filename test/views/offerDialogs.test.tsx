// The Sponsorship Offers cards' actions and dialogs in the page's language (issue 49): Accept, Decline with its
// reason, Request More Information, the counter-offer and the offer's thread in Mexican Spanish, their checks worded,
// the pay in US dollars written the Spanish way and the times on the UTC clock; the server's refusals, the brand's
// names and what people wrote as they are. The advertiser's answer stays English inside its English-only screen.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer, Proposal, ThreadMessage } from '@/contract';
import { counterOfferMachine } from '@/machines/marketplace/counterOffer.machine';
import { offerActionsMachine } from '@/machines/marketplace/offerActions.machine';
import { proposalReplyMachine } from '@/machines/marketplace/proposalReply.machine';
import { creatorOffer, sampleMessage, sampleOffer, sampleReply } from '@/machines/marketplace/samples';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { ApiError } from '@/src/api/client';
import { formatsIn } from '@/src/common/format';
import { EnglishOnly } from '@/src/common/InLanguage';
import { setLocale } from '@/src/i18n/i18n';
import { CounterOffer } from '@/src/marketplace/CounterOffer';
import { OfferActions } from '@/src/marketplace/OfferActions';
import { ProposalReply } from '@/src/marketplace/ProposalReply';
import { ThreadDialog } from '@/src/marketplace/ThreadDialog';
import { controlled, renderScreen } from './harness';

type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };
type Answer = { offerId: string; round: number };

/** A 409 as the client's ApiError carries it: the server's words. */
/** The server's refusal of an accept without a channel, to a Spanish reader (server/marketplace/problems.ts). */
const CHANNEL_ES =
  'Conecta tu canal de Twitch en Conectar cuentas antes de aceptar: Castbridge solo cuenta la exhibición mientras Twitch confirma que estás en vivo.';
const spanish = formatsIn('es-MX');
const invited = creatorOffer('off_nova', 'invited');

const proposal = (overrides: Partial<Proposal>): Proposal => ({
  round: 1,
  side: 'creator',
  payCents: 30_000,
  deliverableMinutes: null,
  message: 'Transmito cuatro horas al día.',
  status: 'open',
  createdAt: '2026-11-04T10:00:00.000Z',
  ...overrides,
});

describe('the offer dialogs in Spanish', () => {
  it("the card's actions: Accept with its channel notice, Decline with a reason, Request More Information, each checked", async () => {
    await act(() => setLocale('es-MX'));
    const accept = controlled<Offer, { offerId: string }>();
    const decline = controlled<Offer, { offerId: string; reason: string | undefined }>();
    const ask = controlled<Offer, { offerId: string; message: string }>();
    renderScreen(
      <OfferActions
        offer={invited}
        needsChannel
        logic={offerActionsMachine.provide({
          actors: { acceptOffer: accept.logic, declineOffer: decline.logic, requestInfo: ask.logic },
        })}
        onChanged={() => {}}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    const user = userEvent.setup();
    const notice = await screen.findByTestId('offer-needs-channel');
    expect(notice).toHaveTextContent('Para aceptar necesitas un canal de Twitch o YouTube conectado. Conecta un canal');
    expect(within(notice).getByRole('link', { name: 'Conecta un canal' })).toHaveAttribute(
      'href',
      expect.stringContaining('/connect-accounts'),
    );
    expect(screen.getByRole('button', { name: 'Pedir más información' })).toBeEnabled();

    // Decline: its dialog, the reason's check, Cancel.
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    let dialog = screen.getByRole('dialog', { name: '¿Rechazar esta oferta?' });
    expect(dialog).toHaveAccessibleDescription('Nova Energy: Nova Energy Drink');
    const reason = within(dialog).getByLabelText('Motivo (opcional)');
    expect(reason).toHaveAccessibleDescription('El anunciante lo verá.');
    await user.click(reason);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(decline.started).toBe(0);
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining('Escribe el motivo en menos de 500 caracteres.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Request More Information: its dialog, the message required, then the server's refusal as it worded it.
    await user.click(screen.getByRole('button', { name: 'Pedir más información' }));
    dialog = screen.getByRole('dialog', { name: 'Pedir más información' });
    expect(dialog).toHaveAccessibleDescription(
      'Pregúntale a Nova Energy sobre “Nova Energy Drink”. Con tu mensaje empieza la conversación sobre esta oferta.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(ask.started).toBe(0);
    const message = within(dialog).getByLabelText('Mensaje');
    expect(message).toHaveAccessibleDescription(expect.stringContaining('Este campo es obligatorio'));
    await user.type(message, '¿Qué sabores enviarían?');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(ask.inputs).toEqual([{ offerId: 'off_nova', message: '¿Qué sabores enviarían?' }]);
    await ask.reject(new ApiError('You are writing too fast', 429, { message: 'You are writing too fast' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You are writing too fast');
    // The dialog's own Close, in the page's language too (src/ui/words.ts).
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    // Accept refused for want of a channel: the server's words (in Spanish), known by the refusal's code, and the way
    // to Connect Accounts in Spanish.
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await accept.reject(new ApiError(CHANNEL_ES, 409, { message: CHANNEL_ES, code: 'marketplace.channel_required' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(CHANNEL_ES);
    expect(within(alert).getByRole('link', { name: 'Ir a Conectar cuentas' })).toBeInTheDocument();
  });

  it("the counter-offer: the brand's proposal in dollars written the Spanish way, the dialog's fields and checks", async () => {
    await act(() => setLocale('es-MX'));
    const propose = controlled<Offer, ProposeInput>();
    const theirs = proposal({
      round: 2,
      side: 'advertiser',
      payCents: 27_500,
      deliverableMinutes: 100,
      message: 'Meet halfway?',
    });
    renderScreen(
      <CounterOffer
        offer={{ ...invited, proposal: theirs }}
        logic={counterOfferMachine.provide({
          actors: {
            propose: propose.logic,
            acceptProposal: controlled<Offer, Answer>().logic,
            declineProposal: controlled<Offer, Answer>().logic,
          },
        })}
        onChanged={() => {}}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    const user = userEvent.setup();
    const open = await screen.findByRole('region', { name: 'Nova Energy propone' });
    expect(open).toHaveTextContent('USD 275 por 100 minutos');
    // What the brand wrote, as written.
    expect(open).toHaveTextContent('Meet halfway?');
    expect(within(open).getByRole('button', { name: 'Aceptar propuesta' })).toBeEnabled();
    expect(within(open).getByRole('button', { name: 'Rechazar propuesta' })).toBeEnabled();

    await user.click(within(open).getByRole('button', { name: 'Hacer contraoferta' }));
    const dialog = screen.getByRole('dialog', { name: 'Hacer una contraoferta' });
    expect(dialog).toHaveAccessibleDescription(
      `Nova Energy: Nova Energy Drink. La oferta paga ${spanish.money(25_000)} por 120 minutos.`,
    );
    const pay = within(dialog).getByLabelText('Pago (dólares estadounidenses)');
    const minutes = within(dialog).getByLabelText('Minutos en pantalla (opcional)');
    expect(minutes).toHaveAccessibleDescription('Si lo dejas vacío: 120 minutos, como dice la oferta.');
    expect(within(dialog).getByLabelText('Mensaje')).toHaveAccessibleDescription(
      'Se guarda en la conversación de la oferta.',
    );
    await user.clear(pay);
    await user.type(pay, '0.5');
    await user.type(minutes, 'una hora');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar propuesta' }));
    expect(propose.started).toBe(0);
    expect(within(dialog).getByText('El pago va de USD 1 a USD 1,000,000.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escribe minutos enteros entre 1 y 100,000, o déjalo vacío.')).toBeInTheDocument();
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();
    await user.clear(pay);
    await user.type(pay, 'mucho');
    expect(within(dialog).getByText('Escribe el pago en dólares, por ejemplo 150 o 150.50.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("the creator's own proposal waits for the brand, and Propose different pay opens its dialog", async () => {
    await act(() => setLocale('es-MX'));
    renderScreen(
      <CounterOffer
        offer={{ ...invited, proposal: proposal({ deliverableMinutes: 1 }) }}
        logic={counterOfferMachine.provide({
          actors: {
            propose: controlled<Offer, ProposeInput>().logic,
            acceptProposal: controlled<Offer, Answer>().logic,
            declineProposal: controlled<Offer, Answer>().logic,
          },
        })}
        onChanged={() => {}}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    const open = await screen.findByRole('region', { name: 'Propusiste' });
    expect(open).toHaveTextContent('USD 300 por 1 minuto');
    expect(open).toHaveTextContent(
      'Esperando la respuesta de Nova Energy: todavía puedes aceptar o rechazar la oferta tal como está.',
    );
    expect(screen.queryByRole('button', { name: 'Proponer otro pago' })).not.toBeInTheDocument();
  });

  it('the thread: its messages with the times the Spanish way, the composer and its checks; what people wrote as it is', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<ThreadPage, { offerId: string; before: string | null }>();
    const post = controlled<ThreadMessage, { offerId: string; body: string }>();
    renderScreen(
      <ThreadDialog
        offerId="off_1"
        title="Conversación sobre Nova Energy Drink"
        writable
        onClose={() => {}}
        logic={threadMachine.provide({
          actors: {
            loadMessages: load.logic,
            loadEarlier: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
            postMessage: post.logic,
          },
        })}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Conversación sobre Nova Energy Drink' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cargando mensajes');
    await load.reject(new Error('Network error'));
    expect(within(dialog).getByText('No se pudieron cargar los mensajes')).toBeInTheDocument();
    expect(within(dialog).getByText('Network error')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    await load.resolve({ messages: [sampleMessage, sampleReply], earlier: 'c1' });
    expect(within(dialog).getByRole('button', { name: 'Cargar mensajes anteriores' })).toBeEnabled();
    const list = within(dialog).getByRole('list', { name: 'Mensajes' });
    const [theirs, mine] = within(list).getAllByRole('listitem');
    expect(theirs).toHaveTextContent(`Ana García · ${spanish.dateTime(sampleMessage.createdAt)}`);
    expect(theirs).toHaveTextContent(sampleMessage.body);
    expect(mine).toHaveTextContent(`Tú · ${spanish.dateTime(sampleReply.createdAt)}`);
    expect(spanish.dateTime(sampleReply.createdAt)).toMatch(/^2 jun 2025, 11:05 UTC$/);

    const composer = within(dialog).getByLabelText('Mensaje');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(composer).toHaveAccessibleDescription(expect.stringContaining('Este campo es obligatorio'));
    await user.click(composer);
    await user.paste('x'.repeat(2001));
    expect(composer).toHaveAccessibleDescription(
      expect.stringContaining('Escribe el mensaje en menos de 2,000 caracteres.'),
    );
    expect(post.started).toBe(0);
  });

  it('a thread with no messages that no longer takes any', async () => {
    await act(() => setLocale('es-MX'));
    const load = controlled<ThreadPage, { offerId: string; before: string | null }>();
    renderScreen(
      <ThreadDialog
        offerId="off_1"
        title="Conversación sobre Nova Energy Drink"
        writable={false}
        onClose={() => {}}
        logic={threadMachine.provide({
          actors: {
            loadMessages: load.logic,
            loadEarlier: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
            postMessage: controlled<ThreadMessage, { offerId: string; body: string }>().logic,
          },
        })}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Conversación sobre Nova Energy Drink' });
    await load.resolve({ messages: [], earlier: null });
    expect(within(dialog).getByText('Todavía no hay mensajes.')).toBeInTheDocument();
    expect(within(dialog).getByText('Esta conversación está cerrada.')).toBeInTheDocument();
  });

  it("the advertiser's answer keeps English inside its English-only screen, on a Spanish page", async () => {
    await act(() => setLocale('es-MX'));
    const creators = proposal({ payCents: 30_000, deliverableMinutes: 90, message: 'Transmito cuatro horas al día.' });
    renderScreen(
      <EnglishOnly>
        <ProposalReply
          offer={{ ...sampleOffer, status: 'invited', proposal: creators }}
          proposal={creators}
          creatorName="Ana García"
          logic={proposalReplyMachine.provide({
            actors: {
              acceptProposal: controlled<Offer, Answer>().logic,
              declineProposal: controlled<Offer, Answer>().logic,
              propose: controlled<Offer, ProposeInput>().logic,
            },
          })}
          onChanged={() => {}}
        />
      </EnglishOnly>,
      { path: '/campaigns/:id', url: '/campaigns/cmp_1', jwt: 'advertiser.jwt' },
    );
    const user = userEvent.setup();
    const reply = await screen.findByRole('region', { name: 'Ana García proposes' });
    expect(reply).toHaveTextContent('$300 for 90 minutes');
    expect(reply).toHaveTextContent('Transmito cuatro horas al día.');
    for (const name of ['Accept', 'Decline', 'Counter'])
      expect(within(reply).getByRole('button', { name })).toBeEnabled();
    await user.click(within(reply).getByRole('button', { name: 'Counter' }));
    const dialog = screen.getByRole('dialog', { name: 'Counter the proposal' });
    expect(within(dialog).getByLabelText('Pay (US dollars)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send counter' }));
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();
  });
});
