// Newley Offers when empty (docs/product.md "Fair matching explained"), replayed along offersOutlook's recorded paths
// on the real view with the tab's general text as its fallback, as Sponsorship Offers renders it: Try again, or the
// API answering; after every step the tab shows what its state says (the general text while it is read, the general
// text with why the outlook failed and Try again, or what would bring offers).
import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { OffersOutlook as Outlook } from '@/contract';
import { offersOutlookMachine } from '@/machines/marketplace/offersOutlook.machine';
import { OffersOutlook } from '@/src/marketplace/OffersOutlook';
import { controlled, renderScreen } from './harness';
import { walkScreens } from './screens';

const GENERAL = 'No new offers yet. Connect a channel and complete your profile to be matched.';
const LEAD = 'No new offers yet. What would bring them:';
const FAILED = /^Why no offers came could not be read: /;

walkScreens('offersOutlook', {
  mount() {
    const load = controlled<Outlook>();
    renderScreen(
      <OffersOutlook
        fallback={<p>{GENERAL}</p>}
        logic={offersOutlookMachine.provide({ actors: { loadOutlook: load.logic } })}
      />,
      { path: '/sponsorship-offers', jwt: 'creator.jwt' },
    );
    /** What the tab was told so far: the outlook, the last refusal, the reads answered. */
    const seen = { settled: 0, outlook: null as Outlook | null, error: null as string | null };
    return {
      load,
      seen,
      gestures: {
        'outlook.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })),
        'xstate.done.actor.loadOutlook': async ({ output }) => {
          seen.outlook = output;
          seen.settled += 1;
          await load.resolve(output);
        },
        'xstate.error.actor.loadOutlook': async ({ error }) => {
          seen.error = (error as Error).message;
          seen.settled += 1;
          await load.reject(error);
        },
      },
    };
  },
  states: {
    // The tab's general text alone while the outlook is read.
    loading: ({ load, seen }) => {
      expect(screen.getByText(GENERAL)).toBeInTheDocument();
      expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: LEAD })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled + 1);
    },
    // The general text stays, with why the outlook could not be read and Try again.
    failed: ({ load, seen }) => {
      expect(screen.getByText(GENERAL)).toBeInTheDocument();
      const status = screen.getByText(FAILED);
      expect(status).toHaveTextContent(`Why no offers came could not be read: ${seen.error}`);
      expect(within(status).getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(screen.queryByRole('region', { name: LEAD })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled);
    },
    // What would bring offers: each step's title, text, the campaigns' asks and its link; no general text.
    ready: ({ load, seen }) => {
      const region = within(screen.getByRole('region', { name: LEAD }));
      const steps = seen.outlook!.steps;
      expect(region.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
        steps.map((step) => step.title),
      );
      for (const step of steps) {
        expect(region.getByText(step.text)).toBeInTheDocument();
        for (const detail of step.details) expect(region.getByText(detail)).toBeInTheDocument();
        if (step.link)
          expect(region.getByRole('link', { name: step.link.label })).toHaveAttribute('href', step.link.to);
      }
      expect(screen.queryByText(GENERAL)).not.toBeInTheDocument();
      expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(load.started).toBe(seen.settled);
    },
  },
});
