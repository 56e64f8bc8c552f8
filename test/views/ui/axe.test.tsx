import './helpers';
import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { Gallery } from './Gallery';

async function violations(root: Element) {
  const result = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('UI kit accessibility (axe, WCAG 2 A/AA)', () => {
  it('has no violations across the whole gallery', async () => {
    const { container } = render(<Gallery />);
    expect(await violations(container)).toEqual([]);
  });

  it('has no violations with the dialog open', async () => {
    render(<Gallery initial="dialog" />);
    await screen.findByRole('dialog');
    expect(await violations(document.body)).toEqual([]);
  });

  it('has no violations with the alert dialog open', async () => {
    render(<Gallery initial="alert" />);
    await screen.findByRole('alertdialog');
    expect(await violations(document.body)).toEqual([]);
  });

  it('has no violations with the loading overlay shown', async () => {
    render(<Gallery initial="overlay" />);
    await screen.findByText('Updating your profile');
    expect(await violations(document.body)).toEqual([]);
  });
});
