import './theme/globalStyles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { readJwt } from './services/storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
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
