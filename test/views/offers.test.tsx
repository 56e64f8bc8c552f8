// Sponsorship Offers (docs/product.md §Offers, threads, notifications "Creator"): the creator's offers read and shown in the three tabs with their empty
// states; Accept, Decline with a reason and Request More Information acting and moving the card; a refused accept
// showing the server's message; the offer's thread (text only, kept on failure); live news reading list and thread
// again. Each flow through its machine with controlled actors.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer, OffersOutlook, ThreadMessage } from '@/contract';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import { connectBeforeAcceptMessage } from '@/contract/marketplace';
import type { ThreadPage } from '@/machines/marketplace/thread.machine';
import { offerActionsMachine } from '@/machines/marketplace/offerActions.machine';
import { offersMachine } from '@/machines/marketplace/offers.machine';
import { threadMachine } from '@/machines/marketplace/thread.machine';
import { ApiError } from '@/src/api/client';
import { messages } from '@/src/messages';
import { setLocale } from '@/src/i18n/i18n';
import { publishLive } from '@/src/notifications/liveHub';
import { SponsorshipOffersScreen } from '@/src/marketplace/SponsorshipOffers';
import { sampleNotification } from '@/machines/notifications/samples';
import { creatorOffer } from '@/machines/marketplace/samples';
import type { Controlled } from '@/test/machines/controlled';
import { controlled, renderScreen } from './harness';

const nova = creatorOffer('off_nova', 'invited', {
  image: '/images/offers/energy.svg',
  updatedAt: '2026-11-03T10:00:00.000Z',
});
const pixel = creatorOffer('off_pixel', 'invited', {
  brand: 'Pixel Gear',
  title: 'Pixel Gear Headsets',
  description: 'Review our new wireless headset live.',
  payCents: 40_050,
  deliverable: {
    minutes: 60,
    startsOn: '2026-12-15',
    endsOn: '2027-01-15',
    disclosure: 'Sponsored by Pixel Gear',
    requiresDisclosure: true,
    overlay: true,
    link: null,
    chat: null,
    promo: null,
  },
  reasons: [{ criterion: 'category', detail: 'Your content matches "Gaming"' }],
  updatedAt: '2026-11-02T10:00:00.000Z',
});
const arc = creatorOffer('off_arc', 'accepted', {
  brand: 'Arc Gaming',
  title: 'Arc Gaming Chairs',
  image: '/uploads/chair.webp',
  messageCount: 2,
});

const later = '2026-11-05T10:00:00.000Z';

/** Pixel Gear's deliverable as a Spanish card writes it. */
const DEADLINE_ES = '60 minutos en pantalla, 15 dic 2026 – 15 ene 2027';

function message(id: string, body: string, mine = false): ThreadMessage {
  return {
    id,
    author: mine ? 'creator' : 'advertiser',
    authorName: mine ? 'Ana García' : 'Nova Energy',
    body,
    mine,
    createdAt: '2026-11-04T10:00:00.000Z',
  };
}

/** A page of a thread: its messages and the cursor of the page before (null: it starts the thread). */
const page = (messages: ThreadMessage[], earlier: string | null = null): ThreadPage => ({ messages, earlier });

function setup() {
  const list = controlled<Offer[]>();
  const accept = controlled<Offer, { offerId: string }>();
  const decline = controlled<Offer, { offerId: string; reason: string | undefined }>();
  const ask = controlled<Offer, { offerId: string; message: string }>();
  const thread = controlled<ThreadPage, { offerId: string; before: string | null }>();
  const earlier = controlled<ThreadPage, { offerId: string; before: string | null }>();
  const post = controlled<ThreadMessage, { offerId: string; body: string }>();
  const outlook = controlled<OffersOutlook>();
  const logic = {
    offers: offersMachine.provide({ actors: { listOffers: list.logic } }),
    outlook: offersOutlookMachine.provide({ actors: { loadOutlook: outlook.logic } }),
    offerActions: offerActionsMachine.provide({
      actors: { acceptOffer: accept.logic, declineOffer: decline.logic, requestInfo: ask.logic },
    }),
    thread: threadMachine.provide({
      actors: { loadMessages: thread.logic, loadEarlier: earlier.logic, postMessage: post.logic },
    }),
  };
  renderScreen(<SponsorshipOffersScreen logic={logic} />, { path: '/sponsorship-offers', jwt: 'creator.jwt' });
  return { list, accept, decline, ask, thread, earlier, post, outlook, user: userEvent.setup() };
}

/** The cards of a tab's list, by title (also behind an open dialog, which hides the page from the accessibility tree). */
function titlesIn(tab: string): string[] {
  const list = screen.queryByRole('list', { name: tab, hidden: true });
  return list
    ? within(list)
        .getAllByRole('heading', { level: 2, hidden: true })
        .map((heading) => heading.textContent ?? '')
    : [];
}

/** Waits for what the screen loads after it shows (the cards' actions, the thread dialog, the failure notices). */
async function loadedLater(): Promise<void> {
  await act(async () => {
    await import('@/src/marketplace/later');
  });
}

/** Answers the offers' read and waits for the cards' actions. */
async function show(list: Controlled<Offer[]>, offers: Offer[]): Promise<void> {
  await list.resolve(offers);
  await loadedLater();
}

function card(title: string): HTMLElement {
  return screen.getByRole('listitem', { name: title });
}

describe('Sponsorship Offers', () => {
  it('loads, then shows each offer in its tab with brand, pay, deliverable and why it matched', async () => {
    const { list, user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Sponsorship Offers' })).toBeInTheDocument();
    expect(screen.getByText('Loading offers')).toBeInTheDocument();
    expect(list.started).toBe(1);
    await show(list, [pixel, arc, nova]);

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Newley Offers',
      'Accepted',
      'Requested More Information',
    ]);
    expect(screen.getByRole('tab', { name: 'Newley Offers' })).toHaveAttribute('aria-selected', 'true');
    // The latest change first.
    expect(titlesIn('Newley Offers')).toEqual(['Nova Energy Drink', 'Pixel Gear Headsets']);

    const first = card('Nova Energy Drink');
    expect(within(first).getByText('Nova Energy')).toBeInTheDocument();
    expect(within(first).getByText(nova.description)).toBeInTheDocument();
    expect(within(first).getByText('$250')).toBeInTheDocument();
    expect(within(first).getByText('120 display minutes, Dec 1 – Dec 31, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Disclosure: “Sponsored by Nova Energy”')).toBeInTheDocument();
    const why = within(first).getByRole('region', { name: 'Why you matched' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['You stream on Twitch', 'You broadcast in English']);
    expect(first.querySelector('img')).toHaveAttribute('src', '/images/offers/energy.svg');
    for (const name of ['Accept', 'Decline', 'Request More Information', 'View conversation']) {
      expect(within(first).getByRole('button', { name })).toBeEnabled();
    }

    const second = card('Pixel Gear Headsets');
    expect(within(second).getByText('$400.50')).toBeInTheDocument();
    expect(within(second).getByText('60 display minutes, Dec 15, 2026 – Jan 15, 2027')).toBeInTheDocument();
    // No creative: the neutral picture.
    expect(second.querySelector('img')).toHaveAttribute('src', '/images/offers/placeholder.svg');
    // An open invitation has nothing displayed to prove.
    expect(within(second).queryByRole('link', { name: 'Proof of display' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(titlesIn('Accepted')).toEqual(['Arc Gaming Chairs']);
    const accepted = card('Arc Gaming Chairs');
    expect(within(accepted).getByText('Accepted', { selector: 'span' })).toBeInTheDocument();
    // An uploaded creative comes from the API host.
    expect(accepted.querySelector('img')?.getAttribute('src')).toMatch(/\/uploads\/chair\.webp$/);
    for (const name of ['Accept', 'Decline', 'Request More Information']) {
      expect(within(accepted).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(within(accepted).getByRole('button', { name: 'View conversation (2)' })).toBeInTheDocument();
    // Accepted and after: the proof of display (docs/product.md §The overlay for OBS).
    expect(within(accepted).getByRole('link', { name: 'Proof of display' }).getAttribute('href')).toMatch(
      /^\/offers\/[^/]+\/proof$/,
    );

    await user.click(screen.getByRole('tab', { name: 'Requested More Information' }));
    expect(screen.getByText('No offers waiting for more information.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Requested More Information' })).not.toBeInTheDocument();
  });

  it('says so in each tab when there are no offers', async () => {
    const { list, user } = setup();
    await show(list, []);
    expect(screen.getByText('No new offers yet.')).toBeInTheDocument();
    // Why, and what brings offers: a connected channel and a complete profile.
    expect(screen.getByRole('link', { name: 'connect a channel' })).toHaveAttribute('href', '/connect-accounts');
    expect(screen.getByRole('link', { name: 'complete your profile' })).toHaveAttribute('href', '/my-profile');
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(screen.getByText('No accepted offers yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Requested More Information' }));
    expect(screen.getByText('No offers waiting for more information.')).toBeInTheDocument();
  });

  it('in Spanish: the tabs, the cards’ pay in US dollars, deliverable, disclosure and empty states in the page’s language; what the brand wrote as written', async () => {
    await act(() => setLocale('es-MX'));
    const { list, user } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Ofertas de patrocinio' })).toBeInTheDocument();
    expect(screen.getByText('Cargando ofertas')).toBeInTheDocument();
    await show(list, [pixel, arc]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Ofertas nuevas',
      'Aceptadas',
      'Más información solicitada',
    ]);
    const invited = card('Pixel Gear Headsets');
    expect(within(invited).getByText('Review our new wireless headset live.')).toBeInTheDocument();
    expect(within(invited).getByText('USD 400.50')).toBeInTheDocument();
    expect(within(invited).getByText(DEADLINE_ES)).toBeInTheDocument();
    expect(within(invited).getByText('Aviso de patrocinio: “Sponsored by Pixel Gear”')).toBeInTheDocument();
    expect(within(invited).getByRole('region', { name: 'Por qué te emparejamos' })).toBeInTheDocument();
    expect(within(invited).getByRole('button', { name: 'Ver conversación' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Aceptadas' }));
    const accepted = card('Arc Gaming Chairs');
    expect(within(accepted).getByText('Aceptada', { selector: 'span' })).toBeInTheDocument();
    expect(within(accepted).getByRole('button', { name: 'Ver conversación (2)' })).toBeInTheDocument();
    expect(within(accepted).getByRole('link', { name: 'Prueba de exhibición' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Más información solicitada' }));
    expect(screen.getByText('No hay ofertas esperando más información.')).toBeInTheDocument();
  });

  it('in Spanish: an empty Newley Offers says why and links what brings offers', async () => {
    await act(() => setLocale('es-MX'));
    const { list } = setup();
    await show(list, []);
    expect(screen.getByText('Todavía no tienes ofertas nuevas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'conecta un canal' })).toHaveAttribute('href', '/connect-accounts');
    expect(screen.getByRole('link', { name: 'completa tu perfil' })).toHaveAttribute('href', '/my-profile');
  });

  it('shows a failed read with the server’s message and tries again', async () => {
    const { list, user } = setup();
    await list.reject(new Error('Service unavailable'));
    await loadedLater();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The offers could not be loaded');
    expect(alert).toHaveTextContent('Service unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(list.started).toBe(2);
    expect(screen.getByText('Loading offers')).toBeInTheDocument();
    await show(list, [nova]);
    expect(titlesIn('Newley Offers')).toEqual(['Nova Energy Drink']);
  });

  it('accepts: the card moves to Accepted; a second click does nothing; a refusal shows the server’s message, a conflict also closes the card', async () => {
    const { list, accept, user } = setup();
    await show(list, [nova, pixel]);

    const refused = card('Pixel Gear Headsets');
    await user.click(within(refused).getByRole('button', { name: 'Accept' }));
    expect(within(refused).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(within(refused).getByRole('button', { name: 'Decline' })).toBeDisabled();
    await user.click(within(refused).getByRole('button', { name: 'Accept' }));
    expect(accept.inputs).toEqual([{ offerId: 'off_pixel' }]);
    // A failure that may pass (the server is busy) leaves the card's buttons to try again.
    await accept.reject(new ApiError('Service unavailable', 503, null));
    expect(within(refused).getByRole('alert')).toHaveTextContent('Service unavailable');
    await user.click(within(refused).getByRole('button', { name: 'Accept' }));
    // A conflict cannot pass: the card says why and offers nothing more.
    await accept.reject(
      new ApiError('All the spots of this campaign are taken.', 409, {
        message: 'All the spots of this campaign are taken.',
      }),
    );
    expect(within(refused).getByRole('alert')).toHaveTextContent('All the spots of this campaign are taken.');
    for (const name of ['Accept', 'Decline', 'Request More Information'])
      expect(within(refused).queryByRole('button', { name })).not.toBeInTheDocument();

    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'Accept' }));
    expect(accept.inputs.at(-1)).toEqual({ offerId: 'off_nova' });
    await accept.resolve({ ...nova, status: 'accepted', updatedAt: later });
    expect(titlesIn('Newley Offers')).toEqual(['Pixel Gear Headsets']);
    // The refusal stays on its card.
    expect(within(card('Pixel Gear Headsets')).getByRole('alert')).toHaveTextContent(
      'All the spots of this campaign are taken.',
    );

    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(titlesIn('Accepted')).toEqual(['Nova Energy Drink']);
    expect(within(card('Nova Energy Drink')).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('accepting without a connected channel: the card says what to connect, links Connect Accounts, and can accept after', async () => {
    const { list, accept, user } = setup();
    await show(list, [nova]);
    const offer = card('Nova Energy Drink');
    await user.click(within(offer).getByRole('button', { name: 'Accept' }));
    const message = connectBeforeAcceptMessage(['Twitch']);
    await accept.reject(new ApiError(message, 409, { message, code: 'marketplace.channel_required' }));
    const alert = within(offer).getByRole('alert');
    expect(alert).toHaveTextContent(
      'Connect your Twitch channel in Connect Accounts before accepting: Castbridge counts display only while Twitch confirms you are live.',
    );
    // Connect Accounts comes back to this offer (issue 48 item 16).
    expect(within(alert).getByRole('link', { name: 'Go to Connect Accounts' })).toHaveAttribute(
      'href',
      '/connect-accounts?return=%2Fsponsorship-offers%23offer-off_nova',
    );
    // Not a closing conflict: once the channel is connected, Accept works.
    await user.click(within(offer).getByRole('button', { name: 'Accept' }));
    expect(within(offer).queryByRole('alert')).not.toBeInTheDocument();
    await accept.resolve({ ...nova, status: 'accepted', updatedAt: later });
    expect(titlesIn('Newley Offers')).toEqual([]);
  });

  it('an accepted offer without the overlay links its proof as "Proof of delivery" (issue 48 item 1)', async () => {
    const { list, user } = setup();
    const linkOnly = creatorOffer('off_link', 'accepted', {
      title: 'Link only',
      deliverable: { ...nova.deliverable, overlay: false, link: { url: 'https://nova.example/gg', clicks: 100 } },
    });
    await show(list, [linkOnly]);
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    const offer = within(card('Link only'));
    expect(offer.getByRole('link', { name: 'Proof of delivery' })).toHaveAttribute('href', '/offers/off_link/proof');
    expect(offer.queryByRole('link', { name: 'Proof of display' })).not.toBeInTheDocument();
  });

  it('a completed offer says where its earning is: pending review until its end, held, disputed, resolved, or in the Earning Balance', async () => {
    const { list, user } = setup();
    const done = (id: string, title: string, review: Offer['review']) =>
      creatorOffer(id, 'completed', { title, completedAt: '2026-11-20T10:00:00.000Z', earnedCents: 9_000, review });
    const endsAt = '2026-11-23T10:00:00.000Z';
    await show(list, [
      done('off_w', 'In its window', { status: 'pending', endsAt, releasedAt: null }),
      done('off_h', 'Held', { status: 'held', endsAt, releasedAt: null }),
      done('off_d', 'Disputed', { status: 'disputed', endsAt, releasedAt: null }),
      done('off_r', 'Resolved', { status: 'resolved', endsAt, releasedAt: null }),
      done('off_x', 'Released', { status: 'released', endsAt, releasedAt: endsAt }),
      done('off_c', 'Confirmed by the brand', null),
    ]);
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    const earned = (title: string) => {
      const term = within(card(title)).getByText('Earned');
      return term.nextElementSibling?.textContent;
    };
    expect(earned('In its window')).toMatch(/^\$90, pending review until .*2026.* UTC, then in your Earning Balance$/);
    expect(earned('Held')).toBe('$90, held for a review by Castbridge before it reaches your Earning Balance');
    expect(earned('Disputed')).toBe(`$90, disputed by ${nova.brand}: Castbridge decides what is paid`);
    expect(earned('Resolved')).toBe('$90; Castbridge resolved its review, and Earnings shows what was paid');
    expect(earned('Released')).toBe('$90, in your Earning Balance');
    expect(earned('Confirmed by the brand')).toBe('$90, in your Earning Balance');
  });

  it('an overlay offer says before Accept that a channel is needed, with the way to connect one and back (issue 48 item 16)', async () => {
    const { list, outlook, accept, user } = setup();
    const linkOnly = creatorOffer('off_link', 'invited', {
      title: 'Link only',
      deliverable: { ...nova.deliverable, overlay: false, link: { url: 'https://nova.example/gg', clicks: 100 } },
    });
    await show(list, [nova, linkOnly]);
    await outlook.resolve({
      runningCampaigns: 1,
      matching: 0,
      steps: [
        {
          kind: 'channel',
          title: 'Connect a channel',
          text: 'Accepting an offer needs a connected Twitch or YouTube channel.',
          details: [],
          link: { to: '/connect-accounts', label: 'Connect a channel' },
        },
      ],
    });
    const offer = within(card('Nova Energy Drink'));
    const notice = offer.getByTestId('offer-needs-channel');
    expect(notice).toHaveTextContent('Accepting needs a connected Twitch or YouTube channel');
    expect(within(notice).getByRole('link', { name: 'Connect a channel' })).toHaveAttribute(
      'href',
      '/connect-accounts?return=%2Fsponsorship-offers%23offer-off_nova',
    );
    expect(accept.started).toBe(0);
    // A link-only offer is delivered wherever the link is shared: nothing to connect.
    expect(within(card('Link only')).queryByTestId('offer-needs-channel')).not.toBeInTheDocument();
    await user.click(offer.getByRole('button', { name: 'Accept' }));
    expect(accept.started).toBe(1);
  });

  it('with a channel connected, an overlay offer says nothing about connecting', async () => {
    const { list, outlook } = setup();
    await show(list, [nova]);
    await outlook.resolve({ runningCampaigns: 1, matching: 1, steps: [] });
    expect(within(card('Nova Energy Drink')).queryByTestId('offer-needs-channel')).not.toBeInTheDocument();
  });

  it('declines after asking an optional reason, sends it and removes the card', async () => {
    const { list, decline, user } = setup();
    await show(list, [nova, pixel]);

    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'Decline' }));
    let dialog = screen.getByRole('dialog', { name: 'Decline this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(decline.started).toBe(0);

    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'Decline' }));
    dialog = screen.getByRole('dialog', { name: 'Decline this offer?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  I am booked that month.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(decline.inputs).toEqual([{ offerId: 'off_nova', reason: 'I am booked that month.' }]);
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeDisabled();

    await decline.reject(new Error('This offer has expired.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This offer has expired.');
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveValue('  I am booked that month.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await decline.resolve({ ...nova, status: 'declined', declineReason: 'I am booked that month.', updatedAt: later });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(titlesIn('Newley Offers')).toEqual(['Pixel Gear Headsets']);

    // Without a reason, none is sent.
    await user.click(within(card('Pixel Gear Headsets')).getByRole('button', { name: 'Decline' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(decline.inputs.at(-1)).toEqual({ offerId: 'off_pixel', reason: undefined });
    await decline.resolve({ ...pixel, status: 'declined', updatedAt: later });
    expect(screen.getByText('No new offers yet.')).toBeInTheDocument();
    for (const tab of ['Accepted', 'Requested More Information']) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(titlesIn(tab)).toEqual([]);
    }
  });

  it('requests more information: a message is required, sent, and the card moves to the third tab with its thread open', async () => {
    const { list, ask, thread, user } = setup();
    await show(list, [nova, pixel]);

    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'Request More Information' }));
    const dialog = screen.getByRole('dialog', { name: 'Request More Information' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(messages.required)).toBeInTheDocument();
    expect(ask.started).toBe(0);

    await user.type(within(dialog).getByLabelText('Message'), ' Which flavours would you send? ');
    expect(within(dialog).queryByText(messages.required)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(ask.inputs).toEqual([{ offerId: 'off_nova', message: 'Which flavours would you send?' }]);
    await ask.resolve({ ...nova, status: 'info_requested', messageCount: 1, updatedAt: later });

    const conversation = await screen.findByRole('dialog', { name: 'Conversation about Nova Energy Drink' });
    expect(screen.queryByRole('dialog', { name: 'Request More Information' })).not.toBeInTheDocument();
    expect(thread.inputs).toEqual([{ offerId: 'off_nova', before: null }]);
    await thread.resolve(page([message('msg_1', 'Which flavours would you send?', true)]));
    expect(within(conversation).getByText('Which flavours would you send?')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Requested More Information' })).toHaveAttribute('aria-selected', 'true');
    expect(titlesIn('Requested More Information')).toEqual(['Nova Energy Drink']);
    const moved = card('Nova Energy Drink');
    // Asked once: accepting and declining remain.
    expect(within(moved).queryByRole('button', { name: 'Request More Information' })).not.toBeInTheDocument();
    expect(within(moved).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(moved).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Newley Offers' }));
    expect(titlesIn('Newley Offers')).toEqual(['Pixel Gear Headsets']);
  });

  it('opens a card’s thread: messages as text, a failed send keeps the text, a sent one is added', async () => {
    const { list, thread, post, user } = setup();
    await show(list, [nova, arc]);
    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'View conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation about Nova Energy Drink' });
    expect(thread.inputs).toEqual([{ offerId: 'off_nova', before: null }]);
    await thread.resolve(page([message('msg_1', '<b>x</b> <img src=x onerror=alert(1)>')]));
    expect(within(dialog).getByText('<b>x</b> <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    expect(dialog.querySelector('img')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText(messages.required)).toBeInTheDocument();
    expect(post.started).toBe(0);
    await user.type(within(dialog).getByLabelText('Message'), 'Can I keep the cans?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(post.inputs).toEqual([{ offerId: 'off_nova', body: 'Can I keep the cans?' }]);
    await post.reject(new Error('This conversation is closed.'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This conversation is closed.');
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Can I keep the cans?');

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await post.resolve(message('msg_2', 'Can I keep the cans?', true));
    const items = within(within(dialog).getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('<b>x</b>'),
      expect.stringContaining('Can I keep the cans?'),
    ]);
    expect(within(dialog).getByLabelText('Message')).toHaveValue('');
  });

  it('opens a long thread on its newest page; "Load earlier messages" reads the page before, by its cursor', async () => {
    const { list, thread, earlier, user } = setup();
    await show(list, [nova]);
    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'View conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation about Nova Energy Drink' });
    await thread.resolve(page([message('101', 'Newer one'), message('102', 'Newest one')], '101'));
    const bodies = () =>
      within(within(dialog).getByRole('list', { name: 'Messages' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelectorAll('p')[1]?.textContent);
    expect(bodies()).toEqual(['Newer one', 'Newest one']);

    // A failed read says so and keeps what is shown; trying again asks for the same page.
    await user.click(within(dialog).getByRole('button', { name: 'Load earlier messages' }));
    expect(earlier.inputs).toEqual([{ offerId: 'off_nova', before: '101' }]);
    await earlier.reject(new Error('Network error'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Network error');
    expect(bodies()).toEqual(['Newer one', 'Newest one']);
    await user.click(within(dialog).getByRole('button', { name: 'Load earlier messages' }));
    expect(earlier.inputs[1]).toEqual({ offerId: 'off_nova', before: '101' });
    await earlier.resolve(page([message('99', 'First one'), message('100', 'Second one')], '99'));
    expect(bodies()).toEqual(['First one', 'Second one', 'Newer one', 'Newest one']);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    // The thread's start: the button goes.
    await user.click(within(dialog).getByRole('button', { name: 'Load earlier messages' }));
    expect(earlier.inputs[2]).toEqual({ offerId: 'off_nova', before: '99' });
    await earlier.resolve(page([message('98', 'Hello')]));
    expect(bodies()).toEqual(['Hello', 'First one', 'Second one', 'Newer one', 'Newest one']);
    expect(within(dialog).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();

    // Live news reads the newest page again: what is shown stays, the new message joins at the end.
    act(() => publishLive({ ...sampleNotification(8), type: 'thread.message', offerId: 'off_nova' }));
    await thread.resolve(
      page([message('101', 'Newer one'), message('102', 'Newest one'), message('103', 'Later')], '101'),
    );
    expect(bodies()).toEqual(['Hello', 'First one', 'Second one', 'Newer one', 'Newest one', 'Later']);
  });

  it('shows a 429 in the dialog and keeps the unsent text', async () => {
    const { list, thread, post, user } = setup();
    await show(list, [nova]);
    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'View conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation about Nova Energy Drink' });
    await thread.resolve(page([message('1', 'Hello from Nova')]));
    await user.type(within(dialog).getByLabelText('Message'), 'One more question');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await post.reject(
      new ApiError('You are sending messages too fast. Try again in 42 seconds.', 429, {
        message: 'You are sending messages too fast. Try again in 42 seconds.',
      }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'You are sending messages too fast. Try again in 42 seconds.',
    );
    expect(within(dialog).getByLabelText('Message')).toHaveValue('One more question');
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('reads the offers and the open thread again when live news names an offer', async () => {
    const { list, thread, user } = setup();
    await show(list, [nova]);
    await user.click(within(card('Nova Energy Drink')).getByRole('button', { name: 'View conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation about Nova Energy Drink' });
    await thread.resolve(page([message('msg_1', 'Hello from Nova')]));
    await user.type(within(dialog).getByLabelText('Message'), 'Half-written');

    // News of another offer: the list is read again, the thread is not.
    act(() => publishLive({ ...sampleNotification(7), offerId: 'off_other' }));
    expect(list.started).toBe(2);
    expect(thread.started).toBe(1);
    await show(list, [nova, pixel]);
    expect(titlesIn('Newley Offers')).toEqual(['Nova Energy Drink', 'Pixel Gear Headsets']);

    // News of this offer: both are read again; the draft stays and the composer stays usable.
    act(() => publishLive({ ...sampleNotification(8), type: 'thread.message', offerId: 'off_nova' }));
    expect(list.started).toBe(3);
    expect(thread.started).toBe(2);
    expect(within(dialog).getByLabelText('Message')).toBeEnabled();
    await thread.resolve(page([message('msg_1', 'Hello from Nova'), message('msg_3', 'Any news?')]));
    expect(within(dialog).getByText('Any news?')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Half-written');

    // News without an offer changes nothing here.
    act(() => publishLive({ ...sampleNotification(9), type: 'advertiser.approved', offerId: null }));
    expect(list.started).toBe(3);
    expect(thread.started).toBe(2);
  });

  it('keeps the cards when a background read fails, and says so', async () => {
    const { list, user } = setup();
    await show(list, [nova]);
    act(() => publishLive({ ...sampleNotification(7), offerId: 'off_nova' }));
    await list.reject(new Error('Network error'));
    await loadedLater();
    expect(titlesIn('Newley Offers')).toEqual(['Nova Energy Drink']);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The offers could not be updated');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(list.started).toBe(3);
    await show(list, [nova]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
