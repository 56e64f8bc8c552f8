// Paints the overlay page's state into plain DOM (no framework: the page must stay small, docs/product.md §The overlay for OBS). One region in
// the chosen corner at the chosen width, the creative (the campaign's image, or its brand and title as a card) and the
// disclosure label the campaign requires, after the overlay's own "Sponsored" in the creator's language when the label does
// not say it. Text goes in as text, never as HTML.
import { disclosureSays, SPONSORED, type OverlayCreative, type OverlayState } from '@/contract/overlay';

export interface PaintInput {
  showing: boolean;
  state: OverlayState | null;
  creative: OverlayCreative | null;
  connection: 'live' | 'offline';
}

let firstPainted = false;

/** Marks the first creative on screen (the benchmark and the browser tests read it). */
function markFirst(): void {
  if (firstPainted) return;
  firstPainted = true;
  performance.mark('overlay:first-creative');
  document.documentElement.dataset.firstCreativeMs = String(Math.round(performance.now()));
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function creativeNode(creative: OverlayCreative): HTMLElement {
  if (creative.image) {
    const image = element('img', 'creative');
    image.alt = `${creative.brand}: ${creative.title}`;
    image.decoding = 'async';
    image.addEventListener('load', markFirst, { once: true });
    image.addEventListener('error', markFirst, { once: true });
    image.src = creative.image;
    return image;
  }
  const card = element('div', 'card');
  card.append(element('div', 'brand', creative.brand), element('div', 'title', creative.title));
  requestAnimationFrame(markFirst);
  return card;
}

export function paint(root: HTMLElement, input: PaintInput): void {
  root.dataset.connection = input.connection;
  // What the page holds (tests and anyone debugging a browser source read it): how many creatives rotate.
  root.dataset.creatives = String(input.state?.enabled ? input.state.creatives.length : 0);
  root.dataset.enabled = input.state ? String(input.state.enabled) : 'unknown';
  let region = root.querySelector<HTMLElement>('.region');
  if (!region) {
    region = element('figure', 'region');
    root.append(region);
  }
  const visible = input.showing && input.state !== null && input.creative !== null;
  region.hidden = !visible;
  root.dataset.state = visible ? 'showing' : 'hidden';
  if (!visible) {
    delete region.dataset.offer;
    region.replaceChildren();
    return;
  }
  const { state, creative } = input as { state: OverlayState; creative: OverlayCreative };
  region.dataset.position = state.position;
  region.style.width = `${state.size}vw`;
  // Same creative as before: nothing to repaint (the image stays, no flicker).
  if (
    region.dataset.offer === creative.offerId &&
    region.dataset.image === String(creative.image) &&
    region.dataset.locale === state.locale
  )
    return;
  region.dataset.offer = creative.offerId;
  region.dataset.image = String(creative.image);
  region.dataset.locale = state.locale;
  const label = element('figcaption', 'disclosure');
  // The overlay's own word, in the creator's language, before a disclosure that does not say it (issue 49).
  const word = SPONSORED[state.locale] ?? SPONSORED.en;
  if (!disclosureSays(creative.disclosure, word)) {
    const sponsored = element('span', 'sponsored', word);
    sponsored.lang = state.locale;
    label.append(sponsored, ' · ');
  }
  label.append(creative.disclosure);
  region.replaceChildren(creativeNode(creative), label);
}
