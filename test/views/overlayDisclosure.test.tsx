// The overlay's disclosure in its audience's language (issue 49): the campaign's label as the advertiser wrote it,
// after the overlay's own word ("Patrocinado") in the creator's language when the label does not already say it.
import { describe, expect, it } from 'vitest';
import type { OverlayState } from '@/contract/overlay';
import { sampleOverlayState } from '@/machines/overlay/samples';
import { paint } from '@/src/overlay/paint';

function painted(state: OverlayState, disclosure: string): HTMLElement {
  const root = document.createElement('div');
  const creative = { ...state.creatives[0]!, image: null, disclosure };
  paint(root, { showing: true, state, creative, connection: 'live' });
  return root.querySelector('figcaption')!;
}

describe('the overlay’s disclosure', () => {
  it('in English, a label that says "Sponsored" shows alone', () => {
    const caption = painted(sampleOverlayState, 'Sponsored by Nova Energy');
    expect(caption.textContent).toBe('Sponsored by Nova Energy');
    expect(caption.querySelector('.sponsored')).toBeNull();
  });

  it('in English, a label that does not say it gets the word first', () => {
    expect(painted(sampleOverlayState, 'Paid partnership with Nova Energy').textContent).toBe(
      'Sponsored · Paid partnership with Nova Energy',
    );
  });

  it('to a Spanish-speaking audience, an English label gets "Patrocinado" first, marked as Spanish', () => {
    const caption = painted({ ...sampleOverlayState, locale: 'es-MX' }, 'Sponsored by Nova Energy');
    expect(caption.textContent).toBe('Patrocinado · Sponsored by Nova Energy');
    expect(caption.querySelector('.sponsored')).toHaveAttribute('lang', 'es-MX');
  });

  it('a Spanish label that already says it, accents and case aside, shows alone', () => {
    expect(painted({ ...sampleOverlayState, locale: 'es-MX' }, 'PATROCINADO por Nova Energy').textContent).toBe(
      'PATROCINADO por Nova Energy',
    );
  });

  it('a creator who changes language repaints the same creative in the new one', () => {
    const root = document.createElement('div');
    const creative = { ...sampleOverlayState.creatives[0]!, image: null, disclosure: 'Sponsored by Nova Energy' };
    paint(root, { showing: true, state: sampleOverlayState, creative, connection: 'live' });
    paint(root, { showing: true, state: { ...sampleOverlayState, locale: 'es-MX' }, creative, connection: 'live' });
    expect(root.querySelector('figcaption')?.textContent).toBe('Patrocinado · Sponsored by Nova Energy');
  });
});
