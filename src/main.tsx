import './theme/globalStyles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { readJwt } from './accounts/storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Navigation is not a transition: a logout's session change and its navigation home then land in one render,
// so the guard never sees the old protected route without a session (and sends the person to /login).
const app = (
  <StrictMode>
    <BrowserRouter useTransitions={false}>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Public routes arrive prerendered for a signed-out visitor (scripts/prerender.ts): hydrate them. A signed-in
// visitor's header differs (Dashboard instead of Sign up and Login), so for them, and for every other route,
// the app renders afresh.
if (container.dataset.prerendered === window.location.pathname && !readJwt()) {
  hydrateRoot(container, app);
} else {
  container.textContent = '';
  createRoot(container).render(app);
}
