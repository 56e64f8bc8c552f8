import './helpers';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Link as RouterLink } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '@/src/ui/Alert';
import { Avatar } from '@/src/ui/Avatar';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Checkbox } from '@/src/ui/Checkbox';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ExternalLink, Link } from '@/src/ui/Link';
import { Progress } from '@/src/ui/Progress';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Select } from '@/src/ui/Select';
import { LoadingOverlay, Spinner } from '@/src/ui/Spinner';
import { Switch } from '@/src/ui/Switch';
import { Table } from '@/src/ui/Table';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';

describe('Button and links', () => {
  it('defaults to type="button" and forwards clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('renders its child as a styled link with asChild', () => {
    render(
      <MemoryRouter>
        <Button asChild variant="secondary">
          <RouterLink to="/register">Sign up</RouterLink>
        </Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Sign up' });
    expect(link.getAttribute('href')).toBe('/register');
    expect(link.className).not.toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders router and external links', () => {
    render(
      <MemoryRouter>
        <Link to="/contact-us" tone="muted">
          Contact Us
        </Link>
        <ExternalLink href="https://www.twitch.tv/" aria-label="Twitch">
          <Icon name="twitch" />
        </ExternalLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    const external = screen.getByRole('link', { name: 'Twitch' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('Tabs', () => {
  it('shows one panel at a time and switches on click and arrow keys', async () => {
    render(
      <TabsRoot defaultValue="new">
        <TabsList aria-label="Offers">
          <TabsTrigger value="new">Newley Offers</TabsTrigger>
          <TabsTrigger value="accepted">Accepted</TabsTrigger>
          <TabsTrigger value="info">Requested More Information</TabsTrigger>
        </TabsList>
        <TabsContent value="new">Four new offers</TabsContent>
        <TabsContent value="accepted">Two accepted offers</TabsContent>
        <TabsContent value="info">Three requests</TabsContent>
      </TabsRoot>,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Four new offers');
    expect(screen.getByRole('tab', { name: 'Newley Offers' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Two accepted offers');
    expect(screen.getByRole('tab', { name: 'Accepted' }).getAttribute('data-state')).toBe('active');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Requested More Information' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Three requests');
  });

  it('forwards the strip element to ref and scrollRef', () => {
    let viaRef: HTMLDivElement | null = null;
    let viaScrollRef: HTMLDivElement | null = null;
    render(
      <TabsRoot defaultValue="a">
        <TabsList
          aria-label="Strip"
          ref={(node) => {
            viaRef = node;
          }}
          scrollRef={(node) => {
            viaScrollRef = node;
          }}
        >
          <TabsTrigger value="a">A</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Panel</TabsContent>
      </TabsRoot>,
    );
    const list = screen.getByRole('tablist');
    expect(viaRef).toBe(list);
    expect(viaScrollRef).toBe(list);
  });
});

describe('Switch, Checkbox and RadioGroup', () => {
  it('toggles the switch from its label', async () => {
    function Demo() {
      const [on, setOn] = useState(true);
      return <Switch label="Notifications" description="Email and in-app" checked={on} onCheckedChange={setOn} />;
    }
    render(<Demo />);
    const toggle = screen.getByRole('switch', { name: 'Notifications' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.getAttribute('aria-describedby')).toBe(screen.getByText('Email and in-app').id);
    await userEvent.click(screen.getByText('Notifications'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('toggles the checkbox and reports a boolean', async () => {
    const seen: boolean[] = [];
    function Demo() {
      const [checked, setChecked] = useState(true);
      return (
        <Checkbox
          label="I agree to the Terms of service and Privacy Policy"
          checked={checked}
          onCheckedChange={(next) => {
            seen.push(next);
            setChecked(next);
          }}
        />
      );
    }
    render(<Demo />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the Terms of service and Privacy Policy' });
    expect(box.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(box);
    expect(box.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(screen.getByText('I agree to the Terms of service and Privacy Policy'));
    expect(box.getAttribute('aria-checked')).toBe('true');
    expect(seen).toEqual([false, true]);
  });

  it('selects card options by their label', async () => {
    const onValueChange = vi.fn();
    render(
      <RadioGroup
        label="Continue as a"
        variant="cards"
        value="influencer"
        onValueChange={onValueChange}
        options={[
          { value: 'influencer', label: 'Influencer', description: 'I stream' },
          { value: 'advertiser', label: 'Advertiser', icon: <Icon name="offers" /> },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Continue as a' });
    const influencer = within(group).getByRole('radio', { name: 'Influencer' });
    expect(influencer.getAttribute('aria-checked')).toBe('true');
    expect(influencer.getAttribute('aria-describedby')).toBe(screen.getByText('I stream').id);
    await userEvent.click(screen.getByText('Advertiser'));
    expect(onValueChange).toHaveBeenCalledWith('advertiser');
  });

  it('labels the custom select trigger', () => {
    render(
      <Select
        label="Country"
        value=""
        onValueChange={() => undefined}
        placeholder="Choose a country"
        options={[{ value: 'es', label: 'Spain' }]}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Country' });
    expect(trigger.textContent).toContain('Choose a country');
  });
});

describe('Table', () => {
  it('renders caption, headers and rows inside a focusable scroll region', () => {
    const rows = [
      { amount: '$1,289', status: <Chip tone="success">Paid</Chip>, ref: 'A-1' },
      { amount: '$640', status: <Chip tone="warning">Pending</Chip>, ref: 'A-2' },
    ];
    render(
      <Table
        caption="Payout History"
        columns={[
          { key: 'amount', header: 'Amount', align: 'right' },
          { key: 'status', header: 'Status' },
          { key: 'ref', header: 'Reference Number' },
        ]}
        rows={rows}
        rowKey={(row) => String(row.ref)}
      />,
    );
    const region = screen.getByRole('region', { name: 'Payout History' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const table = within(region).getByRole('table', { name: 'Payout History' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Amount', 'Status', 'Reference Number']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(
      within(bodyRows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['$1,289', 'Paid', 'A-1']);
  });
});

describe('Feedback', () => {
  it('uses role=alert for errors and warnings, role=status for success and info', async () => {
    const onDismiss = vi.fn();
    render(
      <>
        <Alert tone="error">Error al autenticar el usuario</Alert>
        <Alert tone="success" onDismiss={onDismiss}>
          Imagen subida correctamente
        </Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error al autenticar el usuario');
    expect(screen.getByRole('status').textContent).toContain('Imagen subida correctamente');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('renders the loading overlay only while visible', () => {
    const { rerender } = render(<LoadingOverlay visible={false} label="Loading" />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<LoadingOverlay visible label="Loading" />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    rerender(<Spinner label="Loading profile" />);
    expect(screen.getByRole('status').textContent).toBe('Loading profile');
  });

  it('exposes progress with its label and value', () => {
    render(<Progress value={50} label="Profile completion" />);
    const bar = screen.getByRole('progressbar', { name: 'Profile completion' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('50%')).toBeTruthy();
  });

  it('shows avatar initials with the alt text as name', () => {
    render(<Avatar alt="Ana Ruiz" fallback="AR" size="lg" />);
    expect(screen.getByRole('img', { name: 'Ana Ruiz' }).textContent).toBe('AR');
  });

  it('renders cards as the requested element', () => {
    render(
      <Card as="article" gradient aria-label="Earning Balance">
        $1,289
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Earning Balance' }).textContent).toBe('$1,289');
  });

  it('hides decorative icons and labels titled ones', () => {
    const { container } = render(
      <>
        <Icon name="bell" />
        <Icon name="layers" title="Layers" />
      </>,
    );
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('img', { name: 'Layers' })).toBeTruthy();
  });
});
