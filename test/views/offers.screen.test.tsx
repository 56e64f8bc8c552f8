// Sponsorship Offers (docs/product.md §Offers, threads, notifications "Creator"), replayed along offers' recorded paths
// on the real screen: the sample offers (one per tab) read, shown by tab, moved by a card's action, read again on
// live news, with one offer's thread open at a time.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Offer, OffersOutlook, ThreadMessage } from '@/contract';
import { OFFER_TABS, tabOf, type OfferTab } from '@/contract/marketplace';
import { counterOfferMachine } from '@/machines/marketplace/counterOffer.machine';
import { offerActionsMachine } from '@/machines/marketplace/offerActions.machine';
import { offersMachine } from '@/machines/marketplace/offers.machine';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import { threadMachine, type ThreadPage } from '@/machines/marketplace/thread.machine';
import { sampleNotification } from '@/machines/notifications/samples';
import { publishLive } from '@/src/notifications/liveHub';
import { SponsorshipOffersScreen } from '@/src/marketplace/SponsorshipOffers';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

type ProposeInput = { offerId: string; payCents: number; deliverableMinutes: number | null; message: string };
type Answer = { offerId: string; round: number };

const label = (tab: OfferTab) => OFFER_TABS.find((item) => item.value === tab)!.label;
const conversation = () => screen.queryByRole('dialog', { name: /^Conversation about / });
/** The titles of the cards in the selected tab's list (an open dialog hides the page from the accessibility tree). */
const titlesIn = (tab: OfferTab) => {
  const list = screen.queryByRole('list', { name: label(tab), hidden: true });
  return list
    ? within(list)
        .getAllByRole('heading', { level: 2, hidden: true })
        .map((heading) => heading.textContent)
        .sort()
    : [];
};
const card = (offer: Offer) => screen.getByRole('listitem', { name: offer.title, hidden: true });
/** Waits for what the screen loads after it shows (the cards' actions, the thread dialog, the failure notices). */
const loadedLater = () =>
  act(async () => {
    await import('@/src/marketplace/later');
  });

/** An actor's end the flow has no transition for: no recorded path carries it, so no one can produce it. */
const unhandled = (type: string) => () => {
  throw new Error(`${type} is handled nowhere in the flow: no recorded path carries it`);
};

walkScreens('offers', {
  async mount() {
    const list = controlled<Offer[]>();
    const accept = controlled<Offer, { offerId: string }>();
    const ask = controlled<Offer, { offerId: string; message: string }>();
    const thread = controlled<ThreadPage, { offerId: string; before: string | null }>();
    renderScreen(
      <SponsorshipOffersScreen
        logic={{
          offers: offersMachine.provide({ actors: { listOffers: list.logic } }),
          outlook: offersOutlookMachine.provide({ actors: { loadOutlook: controlled<OffersOutlook>().logic } }),
          offerActions: offerActionsMachine.provide({
            actors: {
              acceptOffer: accept.logic,
              declineOffer: controlled<Offer, { offerId: string; reason: string | undefined }>().logic,
              requestInfo: ask.logic,
            },
          }),
          counterOffer: counterOfferMachine.provide({
            actors: {
              propose: controlled<Offer, ProposeInput>().logic,
              acceptProposal: controlled<Offer, Answer>().logic,
              declineProposal: controlled<Offer, Answer>().logic,
            },
          }),
          thread: threadMachine.provide({
            actors: {
              loadMessages: thread.logic,
              loadEarlier: controlled<ThreadPage, { offerId: string; before: string | null }>().logic,
              postMessage: controlled<ThreadMessage, { offerId: string; body: string }>().logic,
            },
          }),
        }}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    /** The offers shown, the selected tab, the offer whose thread is open, the failures shown, the reads ended. */
    const seen = {
      /** The first read answered. */
      ready: false,
      offers: [] as Offer[],
      tab: 'newley' as OfferTab,
      thread: null as Offer | null,
      error: null as string | null,
      refreshError: null as string | null,
      /** Reads answered, or dropped for a newer one. */
      settled: 0,
    };
    const news = () =>
      act(() => publishLive({ ...sampleNotification(7), type: 'offer.new', offerId: seen.offers[0]?.id ?? 'off_new' }));
    return {
      list,
      thread,
      seen,
      gestures: {
        // The live feed runs for the screen's life; its end is no event of the flow.
        'xstate.done.actor.liveFeed': unhandled('xstate.done.actor.liveFeed'),
        'xstate.error.actor.liveFeed': unhandled('xstate.error.actor.liveFeed'),
        // Live news naming an offer reads the list again (a read under way is dropped for the new one).
        'offers.refresh': () => {
          if (list.started > seen.settled) seen.settled += 1;
          news();
        },
        'offers.retry': () => {
          seen.error = null;
          fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
        },
        'xstate.done.actor.listOffers': async ({ output }) => {
          seen.settled += 1;
          seen.offers = output.map(
            (offer) => seen.offers.find((o) => o.id === offer.id && o.updatedAt > offer.updatedAt) ?? offer,
          );
          Object.assign(seen, { ready: true, error: null, refreshError: null });
          await list.resolve(output);
          await loadedLater();
        },
        'xstate.error.actor.listOffers': async ({ error }) => {
          seen.settled += 1;
          if (!seen.ready) seen.error = (error as Error).message;
          else seen.refreshError = (error as Error).message;
          await list.reject(error);
          await loadedLater();
        },
        'tab.select': ({ tab }) => {
          seen.tab = tab;
          fireEvent.mouseDown(screen.getByRole('tab', { name: label(tab) }));
        },
        // A card's action answered: Accept, or Request More Information with a message.
        'offer.changed': async ({ offer, action }) => {
          const before = seen.offers.find((o) => o.id === offer.id)!;
          const actions = within(card(before));
          if (action === 'accept') {
            fireEvent.click(actions.getByRole('button', { name: 'Accept' }));
            await accept.resolve(offer);
          } else if (action === 'request-info') {
            fireEvent.click(actions.getByRole('button', { name: 'Request More Information' }));
            const dialog = screen.getByRole('dialog', { name: 'Request More Information' });
            fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Which flavours?' } });
            fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
            await ask.resolve(offer);
            Object.assign(seen, { tab: 'requested', thread: offer });
          } else throw new Error(`No gesture for the card action ${action}`);
          seen.offers = seen.offers.map((o) => (o.id === offer.id ? offer : o));
          await loadedLater();
        },
        // View conversation on the offer's card, in its tab.
        'thread.open': ({ offerId }) => {
          const offer = seen.offers.find((o) => o.id === offerId)!;
          seen.tab = tabOf(offer.status)!;
          seen.thread = offer;
          fireEvent.mouseDown(screen.getByRole('tab', { name: label(seen.tab) }));
          fireEvent.click(within(card(offer)).getByRole('button', { name: /^View conversation/ }));
        },
        // Escape closes the open conversation (with none open, there is nothing to close).
        'thread.close': () => {
          if (conversation()) fireEvent.keyDown(conversation()!, { key: 'Escape' });
          seen.thread = null;
        },
      },
    };
  },
  states: {
    // The first read: its spinner, no tabs.
    loading: ({ list, seen }) => {
      expect(screen.getByText('Loading offers')).toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(list.started).toBe(seen.settled + 1);
    },
    // The first read failed: the server's message and Try again; no tabs, nothing read.
    failed: ({ list, seen }) => {
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('The offers could not be loaded');
      expect(alert).toHaveTextContent(seen.error!);
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByText('Loading offers')).not.toBeInTheDocument();
      expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
      expect(list.started).toBe(seen.settled);
    },
    // The tabs with the selected one's cards, the open thread if any, a failed background read's notice; nothing read.
    'ready.idle': ({ list, seen }) => {
      expect(list.started).toBe(seen.settled);
      expect(screen.queryByText('Loading offers')).not.toBeInTheDocument();
      expect(screen.getByRole('tab', { name: label(seen.tab), hidden: true })).toHaveAttribute('aria-selected', 'true');
      expect(titlesIn(seen.tab)).toEqual(
        seen.offers
          .filter((offer) => tabOf(offer.status) === seen.tab)
          .map((offer) => offer.title)
          .sort(),
      );
      if (seen.thread) expect(conversation()).toHaveAccessibleName(`Conversation about ${seen.thread.title}`);
      else expect(conversation()).not.toBeInTheDocument();
      const alert = screen.queryByRole('alert', { hidden: true });
      if (seen.refreshError) {
        expect(alert).toHaveTextContent('The offers could not be updated');
        expect(alert).toHaveTextContent(seen.refreshError);
      } else expect(alert).not.toBeInTheDocument();
    },
    // A background read: the cards stay as they are while the list is read again.
    'ready.refreshing': ({ list, seen }) => {
      expect(list.started).toBe(seen.settled + 1);
      expect(screen.queryByText('Loading offers')).not.toBeInTheDocument();
      expect(screen.getByRole('tab', { name: label(seen.tab), hidden: true })).toHaveAttribute('aria-selected', 'true');
      expect(titlesIn(seen.tab)).toEqual(
        seen.offers
          .filter((offer) => tabOf(offer.status) === seen.tab)
          .map((offer) => offer.title)
          .sort(),
      );
    },
  },
});
