// The view tests' computed-style cache (test/views/setup.ts) answers as jsdom does without it: each change that can
// alter a kept style drops it. Every expected value is jsdom's own answer with the cache taken out (checked so).
import { afterEach, describe, expect, it } from 'vitest';

/** What a test added to the page, removed after it: the files before and after share this window and its styles. */
const added: Node[] = [];

/** A box inside a parent, with a stylesheet of its own in the head. */
function layout(css: string) {
  const sheet = document.createElement('style');
  sheet.textContent = css;
  document.head.append(sheet);
  const parent = document.createElement('section');
  const box = document.createElement('div');
  box.className = 'box';
  parent.append(box);
  document.body.append(parent);
  added.push(sheet, parent);
  return { sheet, parent, box };
}

afterEach(() => {
  for (const node of added.splice(0)) node.parentNode?.removeChild(node);
});

describe('the computed-style cache', () => {
  it('an attribute on an ancestor changes a kept style', () => {
    const { parent, box } = layout('.hidden .box { display: none; }');
    expect(getComputedStyle(box).display).toBe('block');
    parent.className = 'hidden';
    expect(getComputedStyle(box).display).toBe('none');
  });

  it('a sibling added before the element changes a kept style', () => {
    const { parent, box } = layout('.first + .box { visibility: hidden; }');
    expect(getComputedStyle(box).visibility).toBe('visible');
    const first = document.createElement('span');
    first.className = 'first';
    parent.prepend(first);
    expect(getComputedStyle(box).visibility).toBe('hidden');
  });

  it('a stylesheet edited in the head changes a kept style', () => {
    const { sheet, box } = layout('.box { display: block; }');
    expect(getComputedStyle(box).display).toBe('block');
    sheet.textContent = '.box { display: none; }';
    expect(getComputedStyle(box).display).toBe('none');
  });

  it('an element removed from the page and changed there is computed afresh', async () => {
    const { box } = layout('');
    expect(getComputedStyle(box).display).toBe('block');
    box.remove();
    // Past the microtask checkpoint: the observer no longer follows the removed element.
    await Promise.resolve();
    box.setAttribute('style', 'display: none');
    expect(getComputedStyle(box).display).toBe('none');
  });
});
