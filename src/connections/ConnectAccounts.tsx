import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PLATFORM_NAMES, type ConnectPlatform } from '@/contract/connections';
import {
  selectBotConsent,
  selectCard,
  selectConnected,
  selectLoadError,
  type CardState,
} from '@/machines/connections/connectAccounts.select';
import { inspect } from '@/src/app/inspect';
import {
  readConnectReturn,
  rememberReturn,
  useConnectAccountsLogic,
  type ConnectAccountsLogic,
} from '@/src/connections/connectAccounts';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { Switch } from '@/src/ui/Switch';
import { LoadState } from '@/src/common/LoadState';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import * as s from '../accounts/account.css';

const platforms = [
  {
    id: 'twitch',
    text: 'Connect your Twitch channel to track followers, viewers and donations, and to receive sponsorship offers.',
  },
  {
    id: 'youtube',
    text: 'Connect your YouTube channel to track subscribers and donations, and to receive sponsorship offers.',
  },
] as const;

type Ref = ReturnType<typeof useActorRef<ConnectAccountsLogic>>;

/** The card's chip: it agrees with the channel shown (an error while an account is kept still shows it connected). */
const chip = (
  state: CardState,
  hasAccount: boolean,
  reconnect: boolean,
): [tone: 'success' | 'neutral' | 'warning', text: string] => {
  if (state === 'connected' || state === 'consenting' || state === 'disconnecting' || (state === 'error' && hasAccount))
    return reconnect ? ['warning', 'Reconnect needed'] : ['success', 'Connected'];
  if (state === 'unconfigured') return ['neutral', 'Not configured'];
  return ['neutral', 'Not connected'];
};

function PlatformCard({ actor, platform, text }: { actor: Ref; platform: ConnectPlatform; text: string }) {
  const { state, connection, error } = useSelector(actor, (snapshot) => selectCard(snapshot, platform));
  const account = connection?.account ?? null;
  const name = PLATFORM_NAMES[platform];
  const reconnect = account?.status === 'reconnect';
  const [tone, label] = chip(state, account !== null, reconnect);
  const connected = account !== null && state !== 'idle' && state !== 'redirecting' && state !== 'completing';
  const busy =
    state === 'loading' ||
    state === 'completing' ||
    state === 'redirecting' ||
    state === 'consenting' ||
    state === 'disconnecting';
  const consent = useSelector(actor, (snapshot) => selectBotConsent(snapshot, platform));
  return (
    <Card
      as="section"
      aria-labelledby={`platform-${platform}`}
      aria-busy={busy}
      className={s.platform}
      data-platform={platform}
    >
      <span className={s.platformIcon} data-platform={platform} aria-hidden="true">
        <Icon name={platform} size={56} />
      </span>
      <h2 id={`platform-${platform}`} className={s.platformName}>
        {name}
      </h2>
      <Chip tone={tone}>{label}</Chip>
      {connected ? (
        <p className={s.platformChannel}>
          <span className={s.platformChannelLabel}>Channel</span> <strong>{account.displayName}</strong>
          {account.login !== account.displayName ? <span className={s.platformLogin}> ({account.login})</span> : null}
        </p>
      ) : null}
      <p className={s.platformText}>{text}</p>
      {state === 'unconfigured' ? (
        <p className={s.platformNote}>
          {name} is not configured on this server. To connect it, an administrator sets{' '}
          {(connection?.settings ?? []).map((setting, index) => (
            <span key={setting}>
              {index > 0 ? ' and ' : null}
              <code>{setting}</code>
            </span>
          ))}
          .
        </p>
      ) : null}
      {connection?.standIn && state !== 'unconfigured' ? (
        <p className={s.platformNote}>Development server: {name} is a local stand-in here.</p>
      ) : null}
      {reconnect ? (
        <p className={s.platformNote}>
          {name} no longer accepts this connection. Connect again to go on archiving and collecting figures.
        </p>
      ) : null}
      {connected ? (
        // The chat bot's consent (docs/product.md §Deliverables): off until the creator turns it on.
        <Switch
          label="Let the Castbridge bot post sponsor messages in my chat"
          description="While you are live, the bot posts your accepted offers' messages with their links and #ad; you can pause it per offer."
          checked={consent.on}
          disabled={!consent.enabled}
          aria-busy={consent.busy || undefined}
          onCheckedChange={(checked) => actor.send({ type: `${platform}.consent`, consent: checked })}
        />
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={s.platformActions}>
        {/* Connect again over the kept account: one the provider stopped accepting, or after a failed attempt. */}
        {connected && (reconnect || state === 'error') ? (
          <Button
            variant="dashboard"
            size="lg"
            disabled={busy}
            onClick={() => actor.send({ type: `${platform}.connect` })}
          >
            Connect
          </Button>
        ) : null}
        {connected ? (
          <Button
            variant="secondary"
            size="lg"
            disabled={busy}
            onClick={() => actor.send({ type: `${platform}.disconnect` })}
          >
            {state === 'disconnecting' ? 'Disconnecting…' : 'Disconnect'}
          </Button>
        ) : (
          <Button
            variant="dashboard"
            size="lg"
            disabled={busy || state === 'unconfigured'}
            onClick={() => actor.send({ type: `${platform}.connect` })}
          >
            {state === 'redirecting' ? `Opening ${name}…` : state === 'completing' ? 'Connecting…' : 'Connect'}
          </Button>
        )}
      </div>
    </Card>
  );
}

const sessionStorageOrNull = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

/** Connect Accounts (docs/spec.md §2; docs/product.md §Connected accounts): Twitch and YouTube connected through OAuth, stored and revocable. */
export function ConnectAccountsScreen({ logic }: { logic?: ConnectAccountsLogic }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [returned] = useState(() => readConnectReturn(location.search));
  // The offer that sent the person here, kept across the platform's page (issue 48 item 16).
  const [back] = useState(() => rememberReturn(location.search, sessionStorageOrNull()));
  const actor = useActorRef(useConnectAccountsLogic(logic), {
    inspect,
    input: { returned: { platform: returned.platform, error: returned.error, completion: returned.completion } },
  });
  // Read once: a reload must not show the provider's answer again.
  useEffect(() => {
    if (returned.present) void navigate(location.pathname, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
  const loadError = useSelector(actor, selectLoadError);
  const connected = useSelector(
    actor,
    (snapshot) => selectConnected(snapshot, 'twitch') || selectConnected(snapshot, 'youtube'),
  );
  return (
    <div className={s.stack}>
      <ScreenHeading title="Connect Accounts" />
      {back ? (
        <Alert tone={connected ? 'success' : 'info'} data-testid="connect-return">
          {connected ? 'Your channel is connected. ' : 'Connect the channel the offer needs, then go back to it. '}
          <Link to={back}>Back to the offer</Link>
        </Alert>
      ) : null}
      <LoadState
        loading={false}
        error={loadError}
        what="connections"
        onRetry={() => actor.send({ type: 'connections.retry' })}
      />
      <div className={s.platforms}>
        {platforms.map((platform) => (
          <PlatformCard key={platform.id} actor={actor} platform={platform.id} text={platform.text} />
        ))}
      </div>
    </div>
  );
}
