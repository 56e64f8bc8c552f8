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
import { InLanguage } from '@/src/common/InLanguage';
import { useMessages } from '@/src/i18n/i18n';
import * as s from '../accounts/account.css';
import { connectionsMessages, type ConnectionsMessage } from './catalogue';

const platforms = [
  { id: 'twitch', text: 'text.twitch' },
  { id: 'youtube', text: 'text.youtube' },
] as const satisfies readonly { id: ConnectPlatform; text: ConnectionsMessage }[];

type Ref = ReturnType<typeof useActorRef<ConnectAccountsLogic>>;

/** The card's chip: it agrees with the channel shown (an error while an account is kept still shows it connected). */
const chip = (
  state: CardState,
  hasAccount: boolean,
  reconnect: boolean,
): [tone: 'success' | 'neutral' | 'warning', text: ConnectionsMessage] => {
  if (state === 'connected' || state === 'consenting' || state === 'disconnecting' || (state === 'error' && hasAccount))
    return reconnect ? ['warning', 'chip.reconnect'] : ['success', 'chip.connected'];
  if (state === 'unconfigured') return ['neutral', 'chip.unconfigured'];
  return ['neutral', 'chip.notConnected'];
};

function PlatformCard({ actor, platform, text }: { actor: Ref; platform: ConnectPlatform; text: ConnectionsMessage }) {
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
  // Last of the hooks: it may wait for the catalogue (docs/architecture.md §Languages).
  const { t } = useMessages(connectionsMessages);
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
      <Chip tone={tone}>{t(label)}</Chip>
      {connected ? (
        <p className={s.platformChannel}>
          <span className={s.platformChannelLabel}>{t('channel')}</span> <strong>{account.displayName}</strong>
          {account.login !== account.displayName ? <span className={s.platformLogin}> ({account.login})</span> : null}
        </p>
      ) : null}
      <p className={s.platformText}>{t(text)}</p>
      {state === 'unconfigured' ? (
        <p className={s.platformNote}>
          {t('unconfigured', { name })}{' '}
          {(connection?.settings ?? []).map((setting, index) => (
            <span key={setting}>
              {index > 0 ? ` ${t('and')} ` : null}
              <code>{setting}</code>
            </span>
          ))}
          .
        </p>
      ) : null}
      {connection?.standIn && state !== 'unconfigured' ? (
        <p className={s.platformNote}>{t('standIn', { name })}</p>
      ) : null}
      {reconnect ? <p className={s.platformNote}>{t('reconnect', { name })}</p> : null}
      {connected ? (
        // The chat bot's consent (docs/product.md §Deliverables): off until the creator turns it on.
        <Switch
          label={t('bot.label')}
          description={t('bot.description')}
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
            {t('connect')}
          </Button>
        ) : null}
        {connected ? (
          <Button
            variant="secondary"
            size="lg"
            disabled={busy}
            onClick={() => actor.send({ type: `${platform}.disconnect` })}
          >
            {state === 'disconnecting' ? t('disconnecting') : t('disconnect')}
          </Button>
        ) : (
          <Button
            variant="dashboard"
            size="lg"
            disabled={busy || state === 'unconfigured'}
            onClick={() => actor.send({ type: `${platform}.connect` })}
          >
            {state === 'redirecting' ? t('opening', { name }) : state === 'completing' ? t('connecting') : t('connect')}
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
  // Last of the hooks: it may wait for the catalogue (docs/architecture.md §Languages).
  const { t, locale } = useMessages(connectionsMessages);
  return (
    <InLanguage lang={locale}>
      <div className={s.stack}>
        <ScreenHeading title={t('title')} />
        {back ? (
          <Alert tone={connected ? 'success' : 'info'} data-testid="connect-return">
            {connected ? t('back.connected') : t('back.connect')} <Link to={back}>{t('back.link')}</Link>
          </Alert>
        ) : null}
        <LoadState
          loading={false}
          error={loadError}
          what={t('connections')}
          onRetry={() => actor.send({ type: 'connections.retry' })}
        />
        <div className={s.platforms}>
          {platforms.map((platform) => (
            <PlatformCard key={platform.id} actor={actor} platform={platform.id} text={platform.text} />
          ))}
        </div>
      </div>
    </InLanguage>
  );
}
