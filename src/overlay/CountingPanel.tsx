import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { COUNTING_REASON_TEXT } from '@/contract/overlay';
import { PLATFORM_NAMES } from '@/contract/connections';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import {
  selectCountingError,
  selectCountingFirstRead,
  selectCountingStatus,
} from '@/machines/overlay/overlayStatus.select';
import { inspect } from '@/src/app/inspect';
import { formatCount, formatDateTime, formatDuration } from '@/src/common/format';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { useOverlayStatusLogic, type OverlayStatusLogic } from './overlayStatus';
import * as s from './ObsExtension.css';

type Channel = OverlayStatus['channels'][number];
type Offer = OverlayStatus['offers'][number];

/**
 * Counting now (docs/product.md §Verified delivery): whether the overlay is counted, and why not with what to do; the
 * connected channels as the platform last reported them; each offer's verified minutes. Read while the screen is
 * open (the overlayStatus machine); the verdict is announced politely when it changes.
 */
export function CountingPanel({ logic }: { logic?: OverlayStatusLogic }) {
  const actor = useActorRef(useOverlayStatusLogic(logic), { inspect });
  const status = useSelector(actor, selectCountingStatus);
  const error = useSelector(actor, selectCountingError);
  const firstRead = useSelector(actor, selectCountingFirstRead);
  return (
    <Card as="section" padding="md" aria-labelledby="counting-title" className={s.countingCard}>
      <h2 id="counting-title" className={s.cardTitle}>
        Counting now
      </h2>
      {/* Only the verdict is live: the channels' figures change on every read and would chatter. */}
      <div role="status" aria-live="polite" aria-atomic="true" className={s.verdict}>
        {status === null ? (
          <p className={s.muted}>{firstRead ? 'Checking whether your overlay is counted…' : null}</p>
        ) : status.counting ? (
          <p className={s.verdictLine}>
            <Chip tone="success">Counting</Chip>
            <span>Your overlay is on Program, you are live, and the platform confirms it.</span>
          </p>
        ) : (
          <p className={s.verdictLine}>
            <Chip tone="warning">Not counting</Chip>
            <span>
              {status.reason ? COUNTING_REASON_TEXT[status.reason] : null}
              {status.reason === 'no_channel' ? (
                <>
                  {' '}
                  <Link to="/connect-accounts">Go to Connect Accounts</Link>
                </>
              ) : null}
            </span>
          </p>
        )}
      </div>
      {error ? (
        <p className={s.checkError}>
          {status ? 'Could not check again' : 'Could not check'}: {error}. Trying again in a few seconds.
        </p>
      ) : null}
      {status ? (
        <>
          <h3 className={s.subTitle}>Channels</h3>
          {status.channels.length === 0 ? (
            <p className={s.muted}>
              No channel is connected. <Link to="/connect-accounts">Connect Twitch or YouTube</Link>
            </p>
          ) : (
            <ul className={s.statusList}>
              {status.channels.map((channel) => (
                <ChannelRow key={`${channel.platform}-${channel.login}`} channel={channel} />
              ))}
            </ul>
          )}
          <h3 className={s.subTitle}>Sponsorships on your overlay today</h3>
          {status.offers.length === 0 ? (
            <p className={s.muted}>None today.</p>
          ) : (
            <ul className={s.statusList}>
              {status.offers.map((offer) => (
                <OfferRow key={offer.offerId} offer={offer} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Card>
  );
}

function ChannelRow({ channel }: { channel: Channel }) {
  const name = PLATFORM_NAMES[channel.platform];
  return (
    <li className={s.statusItem} aria-label={`${name} ${channel.login}`}>
      <p className={s.verdictLine}>
        <strong>
          {name} · {channel.login}
        </strong>
        <Chip tone={channel.live ? 'success' : 'neutral'}>{channel.live ? 'Live' : 'Offline'}</Chip>
      </p>
      {channel.problem ? <p className={s.checkError}>{channel.problem}</p> : null}
      <dl className={s.facts}>
        <dt>Title</dt>
        <dd>{channel.title ?? '—'}</dd>
        <dt>Disclosed as sponsored</dt>
        <dd>{channel.disclosed === null ? '—' : channel.disclosed ? 'Yes' : 'No: add #ad to your title'}</dd>
        <dt>Viewers</dt>
        <dd>{channel.viewers === null ? '—' : formatCount(channel.viewers)}</dd>
        <dt>Checked</dt>
        <dd>{channel.checkedAt ? formatDateTime(channel.checkedAt, { seconds: true }) : 'Not yet'}</dd>
      </dl>
    </li>
  );
}

function OfferRow({ offer }: { offer: Offer }) {
  return (
    <li className={s.statusItem}>
      <p className={s.verdictLine}>
        <strong>{offer.brand}</strong>
        <span>{offer.title}</span>
      </p>
      <p className={s.muted}>
        Verified {formatDuration(offer.verifiedSeconds)} of {formatDuration(offer.deliverableSeconds)}
      </p>
    </li>
  );
}
