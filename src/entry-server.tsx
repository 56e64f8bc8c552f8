// Prerendering of the public routes at build time (scripts/prerender.ts): the app rendered to static HTML
// for a URL, so the first paint does not wait for JavaScript. The client hydrates it (src/main.tsx).
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App';

const tree = (url: string) => (
  <StaticRouter location={url}>
    <App />
  </StaticRouter>
);

/**
 * The page's HTML, with no inline script (the CSP allows none). A first, streaming pass waits for the
 * route's lazy components to load; the final pass renders them in place synchronously, so no Suspense
 * boundary is left for React's inline reveal scripts.
 */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree(url));
  for await (const _chunk of prelude) {
    // drained: only the loading of lazy components matters here
  }
  const html = renderToString(tree(url));
  if (html.includes('<script') || html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`${url} did not render completely: a Suspense boundary is still pending`);
  }
  return html;
}
