import { useMachine } from '@xstate/react';
import { connectAccountsMachine } from '@/machines/connectAccounts.machine';
import { selectConnected } from '@/machines/connectAccounts.select';
import { inspect } from '@/src/app/inspect';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './account.css';

const platforms = [
  { id: 'twitch', name: 'Twitch', text: 'Connect your Twitch channel to track followers, viewers and donations, and to receive sponsorship offers.' },
  { id: 'youtube', name: 'YouTube', text: 'Connect your YouTube channel to track subscribers and donations, and to receive sponsorship offers.' },
] as const;

/** Connect Accounts (SPEC §2): Twitch and YouTube cards, each Connect ↔ Disconnect, locally only. */
export function ConnectAccountsScreen() {
  const [snapshot, send] = useMachine(connectAccountsMachine, { inspect });
  return (
    <div className={s.stack}>
      <ScreenHeading title="Connect Accounts" />
      <div className={s.platforms}>
        {platforms.map((platform) => {
          const connected = selectConnected(snapshot, platform.id);
          return (
            <Card as="section" key={platform.id} aria-labelledby={`platform-${platform.id}`} className={s.platform} data-platform={platform.id}>
              <span className={s.platformIcon} data-platform={platform.id} aria-hidden="true">
                <Icon name={platform.id} size={56} />
              </span>
              <h2 id={`platform-${platform.id}`} className={s.platformName}>
                {platform.name}
              </h2>
              <Chip tone={connected ? 'success' : 'neutral'}>{connected ? 'Connected' : 'Not connected'}</Chip>
              <p className={s.platformText}>{platform.text}</p>
              <Button
                variant={connected ? 'secondary' : 'dashboard'}
                size="lg"
                onClick={() => send({ type: connected ? `${platform.id}.disconnect` : `${platform.id}.connect` })}
              >
                {connected ? 'Disconnect' : 'Connect'}
              </Button>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
