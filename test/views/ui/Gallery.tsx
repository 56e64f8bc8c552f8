// Every UI-kit component in representative states, for component tests and screenshots.
import { useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, Link as RouterLink } from 'react-router-dom';
import { vars } from '@/src/theme/theme.css';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Avatar } from '@/src/ui/Avatar';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Checkbox } from '@/src/ui/Checkbox';
import { Chip } from '@/src/ui/Chip';
import { Dialog } from '@/src/ui/Dialog';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRoot,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/src/ui/DropdownMenu';
import { Field, NativeSelectField } from '@/src/ui/Field';
import { Icon, iconNames } from '@/src/ui/Icon';
import { ExternalLink, Link } from '@/src/ui/Link';
import { Progress } from '@/src/ui/Progress';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { Select } from '@/src/ui/Select';
import { LoadingOverlay, Spinner } from '@/src/ui/Spinner';
import { Switch } from '@/src/ui/Switch';
import { Table } from '@/src/ui/Table';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { VisuallyHidden } from '@/src/ui/VisuallyHidden';
import * as g from './Gallery.css';

export type GalleryProps = {
  /** Open one overlay on first render (for screenshots). */
  initial?: 'dialog' | 'alert' | 'overlay' | 'menu' | null;
  /** Wrap in a MemoryRouter (default true); pass false inside an app router. */
  standalone?: boolean;
};

const avatarImage =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a59"/><stop offset="1" stop-color="#5b3fd9"/></linearGradient></defs><rect width="80" height="80" fill="url(#a)"/><circle cx="40" cy="32" r="14" fill="#fff" opacity=".9"/><path d="M14 76c4-16 14-24 26-24s22 8 26 24z" fill="#fff" opacity=".9"/></svg>',
  );

const payouts = [
  { amount: '$1,289.00', date: 'Mar 02, 2024', method: 'Bank Account', status: 'Paid', reference: 'CB-2024-00318' },
  { amount: '$640.50', date: 'Feb 12, 2024', method: 'PayPal', status: 'Pending', reference: 'CB-2024-00271' },
  { amount: '$2,015.75', date: 'Jan 08, 2024', method: 'Bank Account', status: 'Paid', reference: 'CB-2024-00122' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={g.section} aria-label={title}>
      <h2 className={g.heading}>{title}</h2>
      {children}
    </section>
  );
}

function GalleryBody({ initial = null }: { initial?: GalleryProps['initial'] }) {
  const [dialogOpen, setDialogOpen] = useState(initial === 'dialog');
  const [alertOpen, setAlertOpen] = useState(initial === 'alert');
  const [overlay, setOverlay] = useState(initial === 'overlay');
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [about, setAbout] = useState('I stream speedruns and indie games three nights a week.');
  const [gender, setGender] = useState('');
  const [country, setCountry] = useState('');
  const [agree, setAgree] = useState(true);
  const [notifications, setNotifications] = useState(true);
  const [overlayExtension, setOverlayExtension] = useState(false);
  const [accountType, setAccountType] = useState('influencer');
  const [method, setMethod] = useState('bank');
  const [platform, setPlatform] = useState('twitch');
  const [tab, setTab] = useState('all');
  const [showInfo, setShowInfo] = useState(true);

  return (
    <main className={g.page}>
      <header className={g.stack}>
        <h1>Castbridge UI kit</h1>
        <p className={g.text}>
          Radix primitives styled with vanilla-extract. Every component, in the states the screens use.
        </p>
      </header>

      <Section title="Colours">
        <div className={g.swatches}>
          {(Object.keys(vars.color) as Array<keyof typeof vars.color>).map((name) => (
            <div key={name} className={g.swatch}>
              <span className={g.swatchChip} style={{ background: vars.color[name] }} />
              {name}
            </div>
          ))}
        </div>
      </Section>

      <Section title="Buttons">
        <div className={g.row}>
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Yes, Delete</Button>
          <Button variant="dashboard">Dashboard</Button>
          <Button disabled>Disabled</Button>
        </div>
        <div className={g.row}>
          <Button size="sm">Small</Button>
          <Button size="md">
            <Icon name="upload" /> Medium with icon
          </Button>
          <Button size="lg">Large</Button>
          <Button asChild variant="secondary">
            <RouterLink to="/register">Link as button</RouterLink>
          </Button>
        </div>
        <Button fullWidth>Full width</Button>
        <div className={g.dark}>
          <Button variant="light" size="lg" onClick={() => setDialogOpen(true)}>
            Get Started
          </Button>
          <Button variant="dashboard">Dashboard</Button>
          <Link to="/contact-us" tone="onDark">
            Contact Us
          </Link>
        </div>
      </Section>

      <Section title="Links">
        <div className={g.row}>
          <Link to="/register">Don&apos;t have an account? Sign up</Link>
          <Link to="/#" tone="muted">
            Terms of Services
          </Link>
          <ExternalLink href="https://example.com/castbridge" aria-label="Castbridge on YouTube (opens in a new tab)">
            <Icon name="youtube" size={24} />
          </ExternalLink>
          <ExternalLink href="https://example.com/docs">External docs</ExternalLink>
        </div>
      </Section>

      <Section title="Form fields">
        <div className={g.grid}>
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            hint="We never share it with sponsors."
          />
          <Field
            label="Password"
            name="password"
            type="password"
            value=""
            onChange={() => undefined}
            error="Este campo es obligatorio"
          />
          <Field
            label="Amount"
            name="amount"
            inputMode="decimal"
            placeholder="Enter Amount"
            adornment="$"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field label="Disabled" name="disabled" value="Read only value" disabled onChange={() => undefined} />
          <Field
            label="What type of content do you make?"
            name="about"
            multiline
            rows={4}
            value={about}
            onChange={(event) => setAbout(event.target.value)}
          />
          <div className={g.stack}>
            <NativeSelectField
              label="Gender"
              name="gender"
              placeholder="Select"
              value={gender}
              onChange={(event) => setGender(event.target.value)}
              options={[
                { value: 'female', label: 'Female' },
                { value: 'male', label: 'Male' },
                { value: 'other', label: 'Other' },
              ]}
            />
            <Select
              label="Country"
              placeholder="Choose a country"
              value={country}
              onValueChange={setCountry}
              options={[
                { value: 'es', label: 'Spain' },
                { value: 'mx', label: 'Mexico' },
                { value: 'us', label: 'United States' },
              ]}
            />
          </div>
        </div>
      </Section>

      <Section title="Choices">
        <div className={g.grid}>
          <div className={g.stack}>
            <Checkbox
              label={
                <>
                  I agree to the <Link to="/#">Terms of service</Link> and <Link to="/#">Privacy Policy</Link>
                </>
              }
              checked={agree}
              onCheckedChange={setAgree}
            />
            <Switch label="Notifications" checked={notifications} onCheckedChange={setNotifications} />
            <Switch
              label="Stream overlay extension"
              description="Show sponsor cards on your stream."
              checked={overlayExtension}
              onCheckedChange={setOverlayExtension}
            />
            <RadioGroup
              label="Choose a platform"
              value={platform}
              onValueChange={setPlatform}
              options={[
                { value: 'twitch', label: 'Twitch' },
                { value: 'youtube', label: 'Youtube', description: 'Live streams from your channel' },
              ]}
            />
          </div>
          <div className={g.stack}>
            <RadioGroup
              label="Continue as a"
              variant="cards"
              value={accountType}
              onValueChange={setAccountType}
              options={[
                {
                  value: 'influencer',
                  label: 'Influencer',
                  description: 'I stream and want sponsors',
                  icon: <Icon name="play" size={22} />,
                },
                {
                  value: 'advertiser',
                  label: 'Advertiser',
                  description: 'I sponsor creators',
                  icon: <Icon name="offers" size={22} />,
                },
              ]}
            />
            <RadioGroup
              label="Payout method"
              variant="cards"
              value={method}
              onValueChange={setMethod}
              options={[
                {
                  value: 'bank',
                  label: 'Bank Account',
                  description: '•••• •••• 4821',
                  icon: <Icon name="bank" size={22} />,
                },
                { value: 'paypal', label: 'PayPal', icon: <Icon name="paypal" size={22} /> },
              ]}
            />
          </div>
        </div>
      </Section>

      <Section title="Tabs">
        <TabsRoot value={tab} onValueChange={setTab}>
          <TabsList aria-label="Earning period">
            <TabsTrigger value="all">All Over</TabsTrigger>
            <TabsTrigger value="year">This Year</TabsTrigger>
            <TabsTrigger value="month">This Month</TabsTrigger>
            <TabsTrigger value="info">Requested More Information</TabsTrigger>
          </TabsList>
          <TabsContent value="all">Everything you have earned on Castbridge.</TabsContent>
          <TabsContent value="year">Earnings since January.</TabsContent>
          <TabsContent value="month">Earnings this month.</TabsContent>
          <TabsContent value="info">Offers waiting for more information.</TabsContent>
        </TabsRoot>
      </Section>

      <Section title="Menu, avatars, progress and chips">
        <div className={g.row}>
          <DropdownMenuRoot defaultOpen={initial === 'menu'} modal={initial !== 'menu'}>
            <DropdownMenuTrigger asChild>
              <button type="button" className={g.avatarButton} aria-label="Account menu">
                <Avatar src={avatarImage} alt="" fallback="JD" size="sm" />
                <Icon name="chevron-down" size={16} />
              </button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuLabel className={g.menuHeader}>
                <Avatar src={avatarImage} alt="" fallback="JD" size="md" />
                <span className={g.menuName}>
                  Jamie Doe <span className={g.muted}>jamie@castbridge.test</span>
                </span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild>
                <RouterLink to="/my-profile">
                  <Icon name="user" size={18} /> View &amp; Edit profile
                </RouterLink>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <RouterLink to="/set-payout-method">
                  <Icon name="bank" size={18} /> Set Payout Method
                </RouterLink>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <RouterLink to="/settings">
                  <Icon name="settings" size={18} /> Settings
                </RouterLink>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem tone="danger" onSelect={() => setAlertOpen(true)}>
                <Icon name="logout" size={18} /> Log Out
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenuRoot>
          <Avatar src={avatarImage} alt="Jamie Doe" fallback="JD" size="lg" />
          <Avatar alt="Ana Ruiz" fallback="AR" size="sm" />
          <Avatar alt="Ana Ruiz" fallback="AR" size="md" />
          <Avatar alt="Ana Ruiz" fallback="AR" size="lg" />
          <Avatar alt="Ana Ruiz" fallback="AR" size="xl" />
        </div>
        <div className={g.grid}>
          <Progress value={50} label="Profile completion" />
          <Progress value={100} label="Step 2 of 2" />
        </div>
        <div className={g.row}>
          <Chip tone="success">Paid</Chip>
          <Chip tone="warning">Pending</Chip>
          <Chip tone="neutral">Draft</Chip>
          <Chip tone="info">Bank of Castbridge •••• 4821</Chip>
        </div>
      </Section>

      <Section title="Cards">
        <div className={g.grid}>
          <Card gradient padding="lg">
            <div className={g.gradientInner}>
              <div>
                <p className={g.statLabel}>Earning Balance</p>
                <p className={g.statValue}>$1,289</p>
              </div>
              <Button variant="light">Withdraw</Button>
            </div>
          </Card>
          <Card as="article">
            <div className={g.stack}>
              <Chip tone="info">New offer</Chip>
              <h3>Energy drink launch</h3>
              <p className={g.text}>Show our overlay for two streams and mention the launch code.</p>
              <div className={g.row}>
                <Button size="sm">Accept</Button>
                <Button size="sm" variant="secondary">
                  Decline
                </Button>
              </div>
              <Link to="/sponsorship-offers">Request More Information</Link>
            </div>
          </Card>
          <Card as="section" padding="sm" aria-label="Small card">
            <p className={g.text}>A small-padding card.</p>
          </Card>
        </div>
      </Section>

      <Section title="Table">
        <Table
          caption="Payout History"
          captionVisible
          columns={[
            { key: 'amount', header: 'Amount', align: 'right' },
            { key: 'date', header: 'Date' },
            { key: 'method', header: 'Method' },
            { key: 'status', header: 'Status' },
            { key: 'reference', header: 'Reference Number' },
          ]}
          rows={payouts.map((payout) => ({
            ...payout,
            status: <Chip tone={payout.status === 'Paid' ? 'success' : 'warning'}>{payout.status}</Chip>,
          }))}
          rowKey={(row) => String(payouts.find((p) => p.amount === row.amount)?.reference)}
        />
      </Section>

      <Section title="Alerts and loading">
        <div className={g.stack}>
          <Alert tone="error">Error al autenticar el usuario</Alert>
          <Alert tone="success">Imagen subida correctamente</Alert>
          {showInfo ? (
            <Alert tone="info" onDismiss={() => setShowInfo(false)}>
              We are under construction and are in the process of displaying more of your data for you.
            </Alert>
          ) : null}
          <Alert tone="warning" title="Heads up">
            Connect an account to see analytics.
          </Alert>
        </div>
        <div className={g.row}>
          <Spinner size="sm" />
          <Spinner />
          <Spinner size="lg" label="Loading profile" />
          <Button variant="secondary" onClick={() => setOverlay(true)}>
            Show loading overlay
          </Button>
          <Button variant="secondary" onClick={() => setDialogOpen(true)}>
            Open dialog
          </Button>
          <Button variant="danger" onClick={() => setAlertOpen(true)}>
            Delete account
          </Button>
        </div>
      </Section>

      <Section title="Icons">
        <div className={g.icons}>
          {iconNames.map((name) => (
            <div key={name} className={g.iconCell}>
              <Icon name={name} size={24} />
              {name}
            </div>
          ))}
        </div>
        <p className={g.text}>
          Labelled icon: <Icon name="bell" title="Notifications" />{' '}
          <VisuallyHidden>(an icon with a title is read out)</VisuallyHidden>
        </p>
      </Section>

      <Dialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title="Subscribe Newsletter"
        description="Subscribe our Newsletter and Get Updates"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialogOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => setDialogOpen(false)}>Save changes</Button>
          </>
        }
      >
        <Field label="Email address" name="newsletter-email" type="email" placeholder="you@example.com" />
      </Dialog>

      <AlertDialog
        open={alertOpen}
        onOpenChange={setAlertOpen}
        title="Are you sure you want to delete your account?"
        description="Once you delete you won't be able to undo it."
        cancelLabel="No, Cancel"
        actionLabel="Yes, Delete"
        onCancel={() => setAlertOpen(false)}
        onAction={() => setAlertOpen(false)}
      />

      <LoadingOverlay visible={overlay} label="Updating your profile" />
      {overlay && initial !== 'overlay' ? <OverlayAutoHide onDone={() => setOverlay(false)} /> : null}
    </main>
  );
}

/** Hides the demo overlay after a second, like the app's loader. */
function OverlayAutoHide({ onDone }: { onDone: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDone, 1000);
    return () => window.clearTimeout(timer);
  }, [onDone]);
  return null;
}

export function Gallery({ initial = null, standalone = true }: GalleryProps) {
  const body = <GalleryBody initial={initial} />;
  return standalone ? <MemoryRouter>{body}</MemoryRouter> : body;
}

export default Gallery;
