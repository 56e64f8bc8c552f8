import './helpers';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Dialog } from '@/src/ui/Dialog';
import { Field } from '@/src/ui/Field';

function NewsletterDemo({ hideClose = false }: { hideClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Get Started</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Subscribe Newsletter"
        description="Subscribe our Newsletter and Get Updates"
        hideClose={hideClose}
        footer={<Button onClick={() => setOpen(false)}>Save changes</Button>}
      >
        <Field label="Email" name="email" type="email" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title, described by its description, and focuses the first field', async () => {
    render(<NewsletterDemo />);
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe Newsletter' });
    const description = screen.getByText('Subscribe our Newsletter and Get Updates');
    expect(dialog.getAttribute('aria-describedby')).toBe(description.id);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    render(<NewsletterDemo />);
    const trigger = screen.getByRole('button', { name: 'Get Started' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('has a Close button unless hidden', async () => {
    const { unmount } = render(<NewsletterDemo />);
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();

    render(<NewsletterDemo hideClose />);
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('omits aria-describedby without a description', () => {
    render(
      <Dialog open onOpenChange={() => undefined} title="Notifications">
        <p>3 new notifications</p>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Notifications' }).hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('AlertDialog', () => {
  const props = {
    title: 'Are you sure you want to log out?',
    description: 'Please confirm if you want to log out.',
    cancelLabel: 'No, Cancel',
    actionLabel: 'Yes, Log Out',
  };

  it('calls onAction for the action button, without also closing by itself', async () => {
    const onAction = vi.fn();
    const onCancel = vi.fn();
    const onOpenChange = vi.fn();
    render(<AlertDialog open onOpenChange={onOpenChange} onAction={onAction} onCancel={onCancel} {...props} />);
    const dialog = screen.getByRole('alertdialog', { name: props.title });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText(props.description).id);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, Log Out' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('focuses Cancel first and calls onCancel for it', async () => {
    const onAction = vi.fn();
    const onCancel = vi.fn();
    render(<AlertDialog open onOpenChange={() => undefined} onAction={onAction} onCancel={onCancel} {...props} />);
    const cancel = screen.getByRole('button', { name: 'No, Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await userEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onAction).not.toHaveBeenCalled();
  });

  it('returns focus to the button that opened it', async () => {
    function Demo() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Log Out</Button>
          <AlertDialog
            open={open}
            onOpenChange={setOpen}
            onAction={() => setOpen(false)}
            onCancel={() => setOpen(false)}
            {...props}
          />
        </>
      );
    }
    render(<Demo />);
    const opener = screen.getByRole('button', { name: 'Log Out' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'No, Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('reports Escape through onOpenChange(false)', async () => {
    const onOpenChange = vi.fn();
    render(
      <AlertDialog open onOpenChange={onOpenChange} onAction={() => undefined} onCancel={() => undefined} {...props} />,
    );
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
