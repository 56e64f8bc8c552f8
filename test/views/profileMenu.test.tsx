// The header's profile menu (docs/spec.md §2) loads Radix's dropdown on first use: the plain trigger looks the same,
// and the first click or key opens the loaded menu at once, with the role's links.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser } from '@/machines/accounts/samples';
import { ProfileMenu } from '@/src/shell/ProfileMenu';

function renderMenu(role: 'creator' | 'advertiser' = 'creator') {
  const onLogOut = vi.fn();
  render(
    <MemoryRouter>
      <ProfileMenu user={{ ...sampleUser, role }} onLogOut={onLogOut} />
    </MemoryRouter>,
  );
  return { onLogOut };
}

describe('ProfileMenu', () => {
  it('is a closed menu button until used, named by the user', () => {
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Profile menu' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent(`${sampleUser.first_name} ${sampleUser.last_name}`);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('the first click opens the loaded menu with the creator links, and Log Out reports', async () => {
    const { onLogOut } = renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(sampleUser.email);
    expect(screen.getByRole('menuitem', { name: 'Set Payout Method' })).toHaveAttribute('href', '/set-payout-method');
    expect(screen.getByRole('button', { name: 'Profile menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(onLogOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('ArrowDown on the focused trigger opens it too; an advertiser edits the company profile', async () => {
    renderMenu('advertiser');
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Profile menu' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: /View & Edit profile/ })).toHaveAttribute('href', '/company-profile');
    expect(screen.queryByRole('menuitem', { name: 'Set Payout Method' })).not.toBeInTheDocument();
  });
});
