// The proof report with verified delivery (docs/product.md §Verified delivery), through its machine with controlled actors:
// verified against claimed minutes, what did not count and why, impressions and effective CPM, each session's evidence
// and viewer samples, the review window; the advertiser's Dispute delivery dialog (the creator never sees it).
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OfferDisplay } from '@/contract';
import { sampleUser } from '@/machines/accounts/samples';
import {
  deliveryDisputeMachine,
  type DisputeRequest,
  type EarningReview,
} from '@/machines/money/deliveryDispute.machine';
import { displayProofMachine } from '@/machines/overlay/displayProof.machine';
import { sampleCompletedDisplay, sampleDisplay, sampleLinkOnlyDisplay, sampleReview } from '@/machines/overlay/samples';
import { REQUIRED_MESSAGE } from '@/machines/messages';
import { DisplayProofScreen } from '@/src/overlay/DisplayProof';
import { setLocale } from '@/src/i18n/i18n';
import { controlled, renderScreen } from './harness';

// The dialog's chunk is loaded once before the tests (as the browser has it after the first open): a findBy* then
// waits on the dialog, not on transforming its modules.
beforeAll(() => import('@/src/money/DeliveryDispute'));

const request = vi.hoisted(() => vi.fn());
vi.mock('@/src/api/client', () => ({ request }));
afterEach(() => {
  request.mockReset();
  vi.restoreAllMocks();
});

const DAY = 24 * 60 * 60 * 1000;
/** A review window still open (the report compares it with the clock as it renders). */
const openReview = (): EarningReview => ({ ...sampleReview, endsAt: new Date(Date.now() + DAY).toISOString() });
const REASON = 'The recording shows no overlay on screen during the second hour.';

async function setup(role: 'creator' | 'advertiser', display: OfferDisplay) {
  const load = controlled<OfferDisplay, { offerId: string }>();
  const send = controlled<EarningReview, DisputeRequest>();
  vi.spyOn(window, 'print').mockImplementation(() => {});
  const view = renderScreen(
    <DisplayProofScreen
      logic={displayProofMachine.provide({ actors: { loadDisplay: load.logic } })}
      disputeLogic={deliveryDisputeMachine.provide({ actors: { sendDispute: send.logic } })}
    />,
    { path: '/offers/:id/proof', url: '/offers/off_1/proof', jwt: `${role}.jwt` },
  );
  act(() => view.session().send({ type: 'user.updated', user: { ...sampleUser, role } }));
  await load.resolve(display);
  return { load, send, user: userEvent.setup() };
}

/** An evidence list's entries, each entry's facts joined by " · ". */
const entries = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => [...item.children].map((fact) => fact.textContent).join(' · '));

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('Proof of display: verified delivery', () => {
  it('opened directly (a link in a notice), it asks for the user: the role decides who may dispute', async () => {
    const load = controlled<OfferDisplay, { offerId: string }>();
    const view = renderScreen(
      <DisplayProofScreen logic={displayProofMachine.provide({ actors: { loadDisplay: load.logic } })} />,
      { path: '/offers/:id/proof', url: '/offers/off_1/proof', jwt: 'advertiser.jwt' },
    );
    await load.resolve({ ...sampleCompletedDisplay, review: openReview() });
    // Without the dashboard nobody loaded the user: the report asks the session (GET /api/user) itself.
    expect(JSON.stringify(view.session().getSnapshot().value)).toContain('loading');
    expect(screen.queryByRole('button', { name: 'Dispute delivery' })).toBeNull();
    act(() => view.session().send({ type: 'user.updated', user: { ...sampleUser, role: 'advertiser' } }));
    expect(await screen.findByRole('button', { name: 'Dispute delivery' })).toBeInTheDocument();
  });

  it('a held earning says it is under review and why, in the words the operator reads', async () => {
    await setup('creator', {
      ...sampleCompletedDisplay,
      review: {
        ...openReview(),
        status: 'held',
        holdReasons: [{ rule: 'click_addresses', detail: '80% of the clicks came from 2 addresses' }],
      },
    });
    expect(screen.getByText('Held for review')).toBeInTheDocument();
    expect(screen.getByText('Under review')).toBeInTheDocument();
    expect(screen.getByText('80% of the clicks came from 2 addresses')).toBeInTheDocument();
  });

  it('an earning in its window names no reason to hold it', async () => {
    await setup('creator', { ...sampleCompletedDisplay, review: openReview() });
    expect(screen.queryByText('Under review')).toBeNull();
  });

  it('shows verified against claimed minutes, what did not count and why, impressions and effective CPM', async () => {
    await setup('creator', sampleDisplay);
    expect(screen.getByRole('heading', { name: '40 min of 60 min verified' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Verified against the deliverable' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    expect(figure('Claimed by the overlay')).toHaveTextContent('45 min');
    expect(figure('Verified by the platform')).toHaveTextContent('40 min');
    expect(figure('Impressions')).toHaveTextContent('3,360');
    expect(figure('Effective CPM')).toHaveTextContent('$74.40');
    expect(
      within(screen.getByRole('list', { name: 'Claimed but not verified' })).getByRole('listitem'),
    ).toHaveTextContent('5 min not verified: your channel was offline');
    const days = within(screen.getByRole('table', { name: 'Display by day' })).getAllByRole('row');
    expect(
      within(days[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Claimed', 'Verified', 'Share of the busiest day']);
    expect(
      within(days[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Sun, Nov 22, 2026', '15 min', '10 min', '']);
    // No review before completion.
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull();
  });

  it('links each counted session to its recording at that moment, with its viewer samples and chat activity', async () => {
    await setup('creator', sampleDisplay);
    const first = screen.getByRole('listitem', { name: 'Nov 21, 2026, 18:00 UTC – 18:30 UTC' });
    expect(first).toHaveTextContent(
      'Twitch · 30 min claimed · 30 min verified · 2,520 impressions · 212 chat messages',
    );
    const recording = within(first).getByRole('link', { name: 'Open recording at this moment' });
    expect(recording).toHaveAttribute('href', 'https://www.twitch.tv/videos/2301234567?t=0h4m0s');
    expect(recording).toHaveAttribute('target', '_blank');
    expect(recording.getAttribute('rel')).toContain('noopener');
    expect(
      within(within(first).getByRole('list', { name: /^Viewer samples/ }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['18:00: 84 viewers', '18:15: 86 viewers']);
    // No recording yet, the archive off: neither is claimed.
    const second = screen.getByRole('listitem', { name: 'Nov 22, 2026, 19:00 UTC – 19:15 UTC' });
    expect(second).toHaveTextContent('Twitch · 15 min claimed · 10 min verified · 840 impressions');
    expect(second).not.toHaveTextContent('chat messages');
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('shows the review window to the creator, never the Dispute delivery button', async () => {
    await setup('creator', { ...sampleCompletedDisplay, review: openReview() });
    expect(screen.getByRole('heading', { name: 'Review' })).toBeInTheDocument();
    expect(figure('Review status')).toHaveTextContent('In review');
    expect(figure('Earned by the creator')).toHaveTextContent('$225');
    expect(figure('Review window ends')).not.toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Dispute delivery' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the advertiser disputes inside the window: a titled dialog, the reason checked, the server’s refusal shown', async () => {
    const { send, user } = await setup('advertiser', { ...sampleCompletedDisplay, review: openReview() });
    await user.click(screen.getByRole('button', { name: 'Dispute delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute delivery' });
    const reason = within(dialog).getByLabelText('What is wrong with the delivery');
    expect(reason.tagName).toBe('TEXTAREA');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining(REQUIRED_MESSAGE));
    await user.type(reason, 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('At least 10 characters.'));
    expect(send.started).toBe(0);

    await user.clear(reason);
    await user.type(reason, `  ${REASON} `);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(send.inputs).toEqual([{ offerId: 'off_1', reason: REASON }]);
    await send.reject(Object.assign(new Error('The review window has ended.'), { status: 409 }));
    expect(within(dialog).getByText('The review window has ended.')).toBeInTheDocument();
    expect(reason).toHaveValue(`  ${REASON} `);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await send.resolve({
      ...openReview(),
      status: 'disputed',
      disputeReason: REASON,
      disputedAt: '2026-11-24T09:00:00.000Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(figure('Review status')).toHaveTextContent('Disputed');
    expect(screen.getByText(REASON)).toBeInTheDocument();
    // Disputed once: the button is gone.
    expect(screen.queryByRole('button', { name: 'Dispute delivery' })).toBeNull();
  });

  it('Cancel closes the dialog and sends nothing', async () => {
    const { send, user } = await setup('advertiser', { ...sampleCompletedDisplay, review: openReview() });
    await user.click(screen.getByRole('button', { name: 'Dispute delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute delivery' });
    await user.type(within(dialog).getByLabelText('What is wrong with the delivery'), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(send.started).toBe(0);
    expect(figure('Review status')).toHaveTextContent('In review');
  });

  it('no dispute once the window ended', async () => {
    await setup('advertiser', {
      ...sampleCompletedDisplay,
      review: { ...sampleReview, endsAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(screen.getByRole('heading', { name: 'Review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute delivery' })).toBeNull();
  });

  it('a held review can still be disputed', async () => {
    await setup('advertiser', { ...sampleCompletedDisplay, review: { ...openReview(), status: 'held' } });
    expect(figure('Review status')).toHaveTextContent('Held for review');
    expect(screen.getByRole('button', { name: 'Dispute delivery' })).toBeInTheDocument();
  });

  it('a released review offers no dispute', async () => {
    await setup('advertiser', {
      ...sampleCompletedDisplay,
      review: { ...openReview(), status: 'released', releasedAt: '2026-11-26T18:30:00.000Z' },
    });
    expect(figure('Review status')).toHaveTextContent('Available');
    expect(figure('Available to the creator since')).toHaveTextContent('Nov 26, 2026, 18:30 UTC');
    expect(screen.queryByText('Review window ends')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dispute delivery' })).toBeNull();
  });

  it('a resolved dispute shows the operator’s decision: both amounts and the reason', async () => {
    await setup('advertiser', {
      ...sampleCompletedDisplay,
      review: {
        ...openReview(),
        status: 'resolved',
        disputeReason: REASON,
        disputedAt: '2026-11-24T09:00:00.000Z',
        resolution: {
          payCents: 10_000,
          refundCents: 12_500,
          reason: 'Half the verified minutes had no overlay in the recording.',
          at: '2026-11-25T10:00:00.000Z',
        },
      },
    });
    expect(figure('Review status')).toHaveTextContent('Resolved');
    expect(figure('Resolution (Nov 25, 2026, 10:00 UTC)')).toHaveTextContent(
      '$100 paid to the creator, $125 returned to the advertiser. Half the verified minutes had no overlay in the recording.',
    );
    expect(screen.getByText(REASON)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute delivery' })).toBeNull();
  });

  it('wires the dispute to POST /api/offers/:id/dispute with the session jwt', async () => {
    request.mockImplementation(async () => ({ review: { ...sampleReview, status: 'disputed' } }));
    const { deliveryDisputeActors } = await import('@/src/money/deliveryDispute');
    const { createActor, toPromise } = await import('xstate');
    const review = await toPromise(
      createActor(deliveryDisputeActors(() => 'advertiser.jwt').sendDispute, {
        input: { offerId: 'off_1', reason: REASON },
      }).start(),
    );
    expect(review.status).toBe('disputed');
    expect(request.mock.calls).toEqual([
      ['disputeDelivery', { jwt: 'advertiser.jwt', params: { id: 'off_1' }, json: { reason: REASON } }],
    ]);
  });
});

// Issue 48 item 1: an offer is proven by what its campaign asked for, never by minutes it did not ask for.
describe('Proof of delivery: the evidence of each deliverable asked for', () => {
  it('a link-only offer shows its clicks counted and refused, by why and by day, and no overlay minutes', async () => {
    await setup('advertiser', { ...sampleLinkOnlyDisplay, review: openReview() });
    expect(screen.getByRole('heading', { level: 1, name: 'Proof of delivery' })).toBeInTheDocument();
    // Nothing of the overlay: no minutes, no impressions, no sessions, no disclosure on the overlay.
    expect(screen.queryByText(/verified$/)).toBeNull();
    expect(screen.queryByText('Impressions')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sessions' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Display by day' })).toBeNull();
    expect(screen.queryByText('Disclosure shown')).toBeNull();
    expect(figure('Completed')).toHaveTextContent('by the counted deliverables');

    const clicks = screen.getByRole('region', { name: 'Tracked-link clicks' });
    expect(clicks).toHaveTextContent('50 of 50 counted clicks · 9 refused');
    expect(clicks).toHaveTextContent('http://127.0.0.1:3000/l/Ab3dE6gH');
    const byReason = within(clicks).getByLabelText('Refused clicks by reason');
    expect(byReason).toHaveTextContent('Known bots4');
    expect(byReason).toHaveTextContent('Same visitor again that day3');
    expect(byReason).toHaveTextContent('Offer or campaign not active2');
    expect(byReason).not.toHaveTextContent('Over a limit');
    expect(entries(within(clicks).getByRole('list', { name: 'Clicks by day' }))).toEqual([
      'Nov 21, 2026 · 30 counted · refused: 4 bots, 1 repeat',
      'Nov 22, 2026 · 20 counted · refused: 2 repeats, 2 not active',
    ]);
    // Deliverables the campaign did not ask for are not shown.
    expect(screen.queryByRole('region', { name: 'Promo-code redemptions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chat bot posts' })).toBeNull();
  });

  it('the advertiser’s dispute shows what was counted for each deliverable asked for', async () => {
    const { user } = await setup('advertiser', { ...sampleLinkOnlyDisplay, review: openReview() });
    await user.click(screen.getByRole('button', { name: 'Dispute delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute delivery' });
    const counted = within(dialog).getByRole('list', { name: 'What was counted' });
    expect(
      within(counted)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tracked link: 50 of 50 counted clicks, 9 refused']);
  });

  it('promo codes list redemptions with their order ids; the bot its posts with the platform’s message ids', async () => {
    await setup('creator', {
      ...sampleCompletedDisplay,
      evidence: {
        ...sampleCompletedDisplay.evidence,
        promo: {
          code: 'ANA10',
          counted: 1,
          target: 5,
          total: 2,
          redemptions: [
            {
              orderId: 'order-1002',
              code: 'ANA10',
              amountCents: null,
              redeemedAt: '2026-11-21T18:01:00.000Z',
              counted: false,
              source: 'csv',
            },
            {
              orderId: 'order-1001',
              code: 'ANA10',
              amountCents: 4_200,
              redeemedAt: '2026-11-21T18:00:00.000Z',
              counted: true,
              source: 'api',
            },
          ],
        },
        chat: {
          sent: 1,
          target: 4,
          total: 2,
          posts: [
            {
              id: 'p2',
              platform: 'youtube',
              kind: 'scheduled',
              text: 'Try Nova #ad',
              status: 'dropped',
              reason: 'Held by AutoMod',
              platformMessageId: null,
              postedAt: '2026-11-21T18:31:00.000Z',
            },
            {
              id: 'p1',
              platform: 'twitch',
              kind: 'scheduled',
              text: 'Try Nova #ad',
              status: 'sent',
              reason: null,
              platformMessageId: 'tw-msg-77',
              postedAt: '2026-11-21T18:01:00.000Z',
            },
          ],
        },
      },
    });
    // The overlay was asked for too: its minutes stay.
    expect(screen.getByRole('heading', { name: '60 min of 60 min verified' })).toBeInTheDocument();
    const promo = screen.getByRole('region', { name: 'Promo-code redemptions' });
    expect(promo).toHaveTextContent('1 of 5 counted redemptions of the code ANA10');
    expect(entries(within(promo).getByRole('list', { name: 'Redemptions' }))).toEqual([
      'Order order-1002 · Nov 21, 2026, 18:01 UTC · not counted: offer not active then',
      'Order order-1001 · Nov 21, 2026, 18:00 UTC · $42 · counted',
    ]);
    const chat = screen.getByRole('region', { name: 'Chat bot posts' });
    expect(chat).toHaveTextContent('1 of 4 posts counted');
    expect(entries(within(chat).getByRole('list', { name: 'Bot posts' }))).toEqual([
      'Nov 21, 2026, 18:31 UTC · YouTube · Dropped by the platform · Held by AutoMod',
      'Nov 21, 2026, 18:01 UTC · Twitch · Posted · message id tw-msg-77',
    ]);
    expect(screen.queryByRole('region', { name: 'Tracked-link clicks' })).toBeNull();
  });
});

// Issue 49: the report in the page's language (the creator's and the advertiser's), the advertiser's dispute dialog
// too. What people wrote (the disclosure, a dispute's reason, the platform's reasons) stays as written.
describe('Proof of display in Spanish', () => {
  it('the creator’s report: the facts, the minutes, the days and the sessions, on the UTC clock', async () => {
    await act(() => setLocale('es-MX'));
    await setup('creator', sampleDisplay);
    expect(await screen.findByRole('heading', { level: 1, name: 'Prueba de exhibición' })).toBeInTheDocument();
    expect(screen.getByText('Nova Energy: “Weekend streams”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ofertas de patrocinio' })).toHaveAttribute('href', '/sponsorship-offers');
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
    expect(figure('Creador')).toHaveTextContent('Ana García');
    expect(figure('Patrocinador')).toHaveTextContent('Nova Energy');
    expect(figure('Periodo de la campaña')).toHaveTextContent('vie, 20 de nov de 2026 – dom, 20 de dic de 2026');
    expect(figure('Aviso mostrado')).toHaveTextContent(
      '“Sponsored by Nova Energy”; la transmisión debe declararse como patrocinada',
    );
    expect(figure('Estado')).toHaveTextContent('En exhibición');
    expect(figure('Completada')).toHaveTextContent('Todavía no');

    expect(screen.getByRole('heading', { name: '40 min de 60 min verificados' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Verificado frente al entregable' })).toBeInTheDocument();
    expect(figure('Reportado por el overlay')).toHaveTextContent('45 min');
    expect(figure('Verificado por la plataforma')).toHaveTextContent('40 min');
    expect(figure('Impresiones')).toHaveTextContent('3,360');
    // US dollars, said so: never taken for pesos.
    expect(figure('CPM efectivo')).toHaveTextContent('USD 74.40');
    expect(figure('Pago')).toHaveTextContent('USD 250');
    expect(
      within(screen.getByRole('list', { name: 'Reportado pero sin verificar' })).getByRole('listitem'),
    ).toHaveTextContent('5 min sin verificar: tu canal estaba desconectado');

    const days = within(screen.getByRole('table', { name: 'Exhibición por día' })).getAllByRole('row');
    expect(
      within(days[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Día', 'Reportado', 'Verificado', 'Proporción del día con más exhibición']);
    expect(
      within(days[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['sáb, 21 de nov de 2026', '30 min', '30 min', '']);

    const first = screen.getByRole('listitem', { name: '21 nov 2026, 18:00 UTC – 18:30 UTC' });
    expect(first).toHaveTextContent(
      'Twitch · 30 min reportados · 30 min verificados · 2,520 impresiones · 212 mensajes del chat',
    );
    expect(within(first).getByRole('link', { name: 'Abrir la grabación en este momento' })).toBeInTheDocument();
    expect(
      within(within(first).getByRole('list', { name: /^Muestras de espectadores/ }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['18:00: 84 espectadores', '18:15: 86 espectadores']);
    expect(screen.getByText(/la transmisión declarada como patrocinada/)).toHaveTextContent(
      /Horas en UTC\. Impreso el /,
    );
    // Nothing on the creator's report is marked as English.
    expect(document.querySelector('[lang="en"]')).toBeNull();
  });

  it('the review, a held earning and the evidence of codes and bot posts', async () => {
    await act(() => setLocale('es-MX'));
    await setup('creator', {
      ...sampleCompletedDisplay,
      review: {
        ...openReview(),
        status: 'held',
        holdReasons: [{ rule: 'click_addresses', detail: '80% of the clicks came from 2 addresses' }],
      },
      evidence: {
        ...sampleCompletedDisplay.evidence,
        promo: {
          code: 'ANA10',
          counted: 1,
          target: 5,
          total: 3,
          redemptions: [
            {
              orderId: 'order-1002',
              code: 'ANA10',
              amountCents: null,
              redeemedAt: '2026-11-21T18:01:00.000Z',
              counted: false,
              source: 'csv',
            },
            {
              orderId: 'order-1001',
              code: 'ANA10',
              amountCents: 4_200,
              redeemedAt: '2026-11-21T18:00:00.000Z',
              counted: true,
              source: 'api',
            },
          ],
        },
        chat: {
          sent: 1,
          target: 4,
          total: 2,
          posts: [
            {
              id: 'p2',
              platform: 'youtube',
              kind: 'command',
              text: 'Try Nova #ad',
              status: 'dropped',
              reason: null,
              platformMessageId: null,
              postedAt: '2026-11-21T18:31:00.000Z',
            },
            {
              id: 'p1',
              platform: 'twitch',
              kind: 'scheduled',
              text: 'Try Nova #ad',
              status: 'sent',
              reason: null,
              platformMessageId: 'tw-msg-77',
              postedAt: '2026-11-21T18:01:00.000Z',
            },
          ],
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Revisión' })).toBeInTheDocument();
    expect(figure('Estado')).toHaveTextContent('Completada');
    expect(figure('Completada')).toHaveTextContent('23 nov 2026, 18:30 UTC, por los minutos verificados');
    expect(figure('Estado de la revisión')).toHaveTextContent('Retenida para revisión');
    expect(figure('Ganado por el creador')).toHaveTextContent('USD 225');
    expect(figure('Fin del periodo de revisión')).not.toBeEmptyDOMElement();
    expect(figure('Bajo revisión')).toHaveTextContent(
      'Castbridge retiene esta ganancia hasta que un operador la revise, porque:80% of the clicks came from 2 addresses',
    );
    expect(screen.queryByRole('button', { name: 'Disputar la entrega' })).toBeNull();

    const promo = screen.getByRole('region', { name: 'Canjes del código promocional' });
    expect(promo).toHaveTextContent('1 de 5 canjes contados del código ANA10');
    expect(entries(within(promo).getByRole('list', { name: 'Canjes' }))).toEqual([
      'Pedido order-1002 · 21 nov 2026, 18:01 UTC · no contado: la oferta no estaba activa en ese momento',
      'Pedido order-1001 · 21 nov 2026, 18:00 UTC · USD\u00a042 · contado',
    ]);
    expect(promo).toHaveTextContent('Los 2 canjes más recientes de 3.');
    const chat = screen.getByRole('region', { name: 'Publicaciones del bot del chat' });
    expect(chat).toHaveTextContent('1 de 4 publicaciones contadas');
    expect(entries(within(chat).getByRole('list', { name: 'Publicaciones del bot' }))).toEqual([
      '21 nov 2026, 18:31 UTC · YouTube · Descartada por la plataforma (respuesta al comando) · sin motivo indicado',
      '21 nov 2026, 18:01 UTC · Twitch · Publicada · ID del mensaje tw-msg-77',
    ]);
  });

  it('the advertiser’s proof of delivery in Spanish, its dispute dialog and the reason’s check too', async () => {
    await act(() => setLocale('es-MX'));
    const { user } = await setup('advertiser', { ...sampleLinkOnlyDisplay, review: openReview() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prueba de entrega' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campañas' })).toHaveAttribute('href', '/campaigns');
    expect(figure('Completada')).toHaveTextContent('23 nov 2026, 18:30 UTC, por los entregables contados');
    const clicks = screen.getByRole('region', { name: 'Clics en el enlace rastreado' });
    expect(clicks).toHaveTextContent('50 de 50 clics contados · 9 rechazados');
    expect(clicks).toHaveTextContent('Enlace: http://127.0.0.1:3000/l/Ab3dE6gH');
    const byReason = within(clicks).getByLabelText('Clics rechazados por motivo');
    expect(byReason).toHaveTextContent('Bots conocidos4');
    expect(byReason).toHaveTextContent('El mismo visitante otra vez ese día3');
    expect(byReason).toHaveTextContent('Oferta o campaña no activa2');
    expect(entries(within(clicks).getByRole('list', { name: 'Clics por día' }))).toEqual([
      '21 nov 2026 · 30 contados · rechazados: 4 bots, 1 repetido',
      '22 nov 2026 · 20 contados · rechazados: 2 repetidos, 2 no activos',
    ]);
    expect(screen.getByText(/^Un clic cuenta una vez por visitante y por día UTC/)).toHaveTextContent(
      /Horas en UTC\. Impreso el /,
    );

    await user.click(screen.getByRole('button', { name: 'Disputar la entrega' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disputar la entrega' });
    expect(dialog).toHaveAccessibleDescription(/^El pago de “.+” queda pendiente hasta que un operador de Castbridge/);
    expect(
      within(within(dialog).getByRole('list', { name: 'Lo que se contabilizó' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Enlace rastreado: 50 de 50 clics contados, 9 rechazados']);
    const reason = within(dialog).getByLabelText('¿Qué está mal en la entrega?');
    expect(reason).toHaveAccessibleDescription('De 10 a 1000 caracteres; el operador y el creador lo leerán.');
    await user.type(reason, 'Muy corto');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(reason).toHaveAccessibleDescription(/Escribe al menos 10 caracteres\.$/);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(document.querySelector('[lang="en"]')).toBeNull();
  });
});
