// The overlay page (docs/product.md §The overlay for OBS): /overlay/<token>, loaded by OBS as a browser source. A page of its own, without the
// dashboard: the overlayPage machine with its effects (overlayPage.ts), its state painted into plain DOM (paint.ts).
import { createActor } from 'xstate';
import { currentOffer } from '@/machines/overlay/overlayPage.machine';
import { initialHost, overlayPageLogic } from './overlayPage';
import { paint } from './paint';

const token = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
const preview = new URLSearchParams(location.search).has('preview');

const actor = createActor(overlayPageLogic(token), { input: { token, preview, host: initialHost() } });

const root = document.getElementById('overlay')!;
actor.subscribe((snapshot) => {
  const context = snapshot.context;
  const state = context.state;
  const offerId = currentOffer(context);
  const creative = state && offerId ? (state.creatives.find((c) => c.offerId === offerId) ?? null) : null;
  paint(root, {
    showing: snapshot.matches({ display: 'showing' }),
    state,
    creative,
    connection: snapshot.matches({ connection: { connected: 'live' } }) ? 'live' : 'offline',
  });
});
actor.start();
