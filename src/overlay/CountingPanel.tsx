import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { CountingReason } from '@/contract/overlay';
import { PLATFORM_NAMES } from '@/contract/connections';
import type { OverlayStatus } from '@/contract/schemas/overlay';
import {
  selectCountingError,
  selectCountingFirstRead,
  selectCountingStatus,
} from '@/machines/overlay/overlayStatus.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn } from '@/src/common/format';
import { Card } from '@/src/ui/Card';
import { Chip } from '@/src/ui/Chip';
import { useOverlayStatusLogic, type OverlayStatusLogic } from './overlayStatus';
import * as s from './ObsExtension.css';
import { useMessages } from '@/src/i18n/i18n';
import { overlayMessages, type OverlayMessage } from './catalogue';

type Channel = OverlayStatus['channels'][number];
type Offer = OverlayStatus['offers'][number];

/** Why the overlay is not counted, with what to do (docs/product.md §Verified delivery). */
const REASONS: Record<CountingReason, OverlayMessage> = {
  switched_off: 'reason.switched_off',
  no_offer: 'reason.no_offer',
  no_channel: 'reason.no_channel',
  no_page: 'reason.no_page',
  browser: 'reason.browser',
  not_program: 'reason.not_program',
  not_streaming: 'reason.not_streaming',
  offline: 'reason.offline',
  undisclosed: 'reason.undisclosed',
};

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
  const { t } = useMessages(overlayMessages);
  return (
    <Card as="section" padding="md" aria-labelledby="counting-title" className={s.countingCard}>
      <h2 id="counting-title" className={s.cardTitle}>
        {t('counting.title')}
      </h2>
      {/* Only the verdict is live: the channels' figures change on every read and would chatter. */}
      <div role="status" aria-live="polite" aria-atomic="true" className={s.verdict}>
        {status === null ? (
          <p className={s.muted}>{firstRead ? t('counting.checking') : null}</p>
        ) : status.counting ? (
          <p className={s.verdictLine}>
            <Chip tone="success">{t('counting.counting')}</Chip>
            <span>{t('counting.countingText')}</span>
          </p>
        ) : (
          <p className={s.verdictLine}>
            <Chip tone="warning">{t('counting.notCounting')}</Chip>
            <span>
              {status.reason ? t(REASONS[status.reason]) : null}
              {status.reason === 'no_channel' ? (
                <>
                  {' '}
                  <Link to="/connect-accounts">{t('counting.goConnect')}</Link>
                </>
              ) : null}
            </span>
          </p>
        )}
      </div>
      {error ? (
        <p className={s.checkError}>{t(status ? 'counting.checkAgainFailed' : 'counting.checkFailed', { error })}</p>
      ) : null}
      {status ? (
        <>
          <h3 className={s.subTitle}>{t('counting.channels')}</h3>
          {status.channels.length === 0 ? (
            <p className={s.muted}>
              {t('counting.noChannel')} <Link to="/connect-accounts">{t('counting.connect')}</Link>
            </p>
          ) : (
            <ul className={s.statusList}>
              {status.channels.map((channel) => (
                <ChannelRow key={`${channel.platform}-${channel.login}`} channel={channel} />
              ))}
            </ul>
          )}
          <h3 className={s.subTitle}>{t('counting.offers')}</h3>
          {status.offers.length === 0 ? (
            <p className={s.muted}>{t('counting.noOffers')}</p>
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
  const { t, locale } = useMessages(overlayMessages);
  const f = formatsIn(locale);
  return (
    <li className={s.statusItem} aria-label={`${name} ${channel.login}`}>
      <p className={s.verdictLine}>
        <strong>
          {name} · {channel.login}
        </strong>
        <Chip tone={channel.live ? 'success' : 'neutral'}>
          {channel.live ? t('counting.live') : t('counting.offline')}
        </Chip>
      </p>
      {channel.problem ? <p className={s.checkError}>{channel.problem}</p> : null}
      <dl className={s.facts}>
        <dt>{t('counting.streamTitle')}</dt>
        <dd>{channel.title ?? '—'}</dd>
        <dt>{t('counting.disclosed')}</dt>
        <dd>
          {channel.disclosed === null
            ? '—'
            : channel.disclosed
              ? t('counting.disclosedYes')
              : t('counting.disclosedNo')}
        </dd>
        <dt>{t('counting.viewers')}</dt>
        <dd>{channel.viewers === null ? '—' : f.count(channel.viewers)}</dd>
        <dt>{t('counting.checked')}</dt>
        <dd>{channel.checkedAt ? f.dateTime(channel.checkedAt, { seconds: true }) : t('counting.notYet')}</dd>
      </dl>
    </li>
  );
}

function OfferRow({ offer }: { offer: Offer }) {
  const { t, locale } = useMessages(overlayMessages);
  const f = formatsIn(locale);
  return (
    <li className={s.statusItem}>
      <p className={s.verdictLine}>
        <strong>{offer.brand}</strong>
        <span>{offer.title}</span>
      </p>
      <p className={s.muted}>
        {t('counting.verified', {
          verified: f.duration(offer.verifiedSeconds),
          asked: f.duration(offer.deliverableSeconds),
        })}
      </p>
    </li>
  );
}
