import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { OfferDisplay } from '@/contract';
import type { ReviewStatus } from '@/contract/money';
import type { MinuteStatus } from '@/contract/overlay';
import { PLATFORM_NAMES } from '@/contract/connections';
import {
  selectDispute,
  selectDisputable,
  selectProof,
  selectProofLoadError,
  selectProofLoading,
} from '@/machines/overlay/displayProof.select';
import { inspect } from '@/src/app/inspect';
import { formatsIn, type Formats } from '@/src/common/format';
import { selectRole, selectSignedIn, selectUser } from '@/machines/accounts/session.select';
import { SessionContext } from '@/src/app/session';
import type { DeliveryDisputeLogic } from '@/src/money/deliveryDispute';
import { useDisplayProofLogic, type DisplayProofLogic } from '@/src/overlay/displayProof';
import { deliverablesMessages } from '@/src/deliverables/catalogue';
import { DeliveryEvidence } from '@/src/deliverables/DeliveryEvidence';
import { useMessages } from '@/src/i18n/i18n';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ExternalLink } from '@/src/ui/Link';
import { Progress } from '@/src/ui/Progress';
import { Table } from '@/src/ui/Table';
import { LoadState } from '@/src/common/LoadState';
import { Logo } from '@/src/common/Logo';
import { overlayMessages, type OverlayMessage } from './catalogue';
import * as s from './DisplayProof.css';

// The dispute dialog (Radix Dialog, Field) is for advertisers only: a chunk of its own, loaded with their report.
const DeliveryDisputeDialog = lazy(() =>
  import('@/src/money/DeliveryDispute').then((m) => ({ default: m.DeliveryDisputeDialog })),
);

type Words = ReturnType<typeof useMessages<[typeof overlayMessages]>>['t'];

const STATUS: Partial<Record<OfferDisplay['status'], OverlayMessage>> = {
  accepted: 'proof.status.accepted',
  active: 'proof.status.active',
  completed: 'proof.status.completed',
  paid: 'proof.status.paid',
};

/** An offer without overlay minutes is delivered, not displayed. */
const DELIVERY_STATUS: Partial<Record<OfferDisplay['status'], OverlayMessage>> = {
  accepted: 'proof.deliveryStatus.accepted',
  active: 'proof.deliveryStatus.active',
};

const REVIEW_STATUS: Record<ReviewStatus, OverlayMessage> = {
  pending: 'proof.reviewStatus.pending',
  held: 'proof.reviewStatus.held',
  disputed: 'proof.reviewStatus.disputed',
  released: 'proof.reviewStatus.released',
  resolved: 'proof.reviewStatus.resolved',
};

const REVIEW_TONE: Record<ReviewStatus, ChipTone> = {
  pending: 'info',
  held: 'warning',
  disputed: 'warning',
  released: 'success',
  resolved: 'neutral',
};

/** Why claimed seconds did not count, as the creator and the brand read it. */
const UNVERIFIED: Record<Exclude<MinuteStatus, 'verified'>, OverlayMessage> = {
  pending: 'proof.unverified.pending',
  offline: 'proof.unverified.offline',
  undisclosed: 'proof.unverified.undisclosed',
  no_sample: 'proof.unverified.no_sample',
};

type Session = OfferDisplay['sessions'][number];
type Review = NonNullable<OfferDisplay['review']>;

/** "Nov 21, 2026, 18:00 UTC – 18:30 UTC", the end's date written only when it differs. */
function span(t: Words, f: Formats, session: Session): string {
  const sameDay = session.start.slice(0, 10) === session.end.slice(0, 10);
  return t('proof.session.span', {
    start: f.dateTime(session.start),
    end: sameDay ? t('proof.session.endTime', { time: f.time(session.end) }) : f.dateTime(session.end),
  });
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

function SessionEntry({ session, index }: { session: Session; index: number }) {
  const { t, locale } = useMessages(overlayMessages);
  const f = formatsIn(locale);
  const headingId = `proof-session-${index}`;
  const facts = [
    session.platform ? PLATFORM_NAMES[session.platform] : t('proof.session.noPlatform'),
    t('proof.session.claimed', { duration: f.duration(session.seconds) }),
    t('proof.session.verified', { duration: f.duration(session.verifiedSeconds) }),
    t('proof.session.impressions', { count: f.count(session.impressions) }),
    ...(session.chatMessages !== null ? [t('proof.session.chat', { count: f.count(session.chatMessages) })] : []),
  ];
  return (
    <li className={s.session} aria-labelledby={headingId}>
      <h3 id={headingId} className={s.sessionTitle}>
        {span(t, f, session)}
      </h3>
      <p className={s.sessionFacts}>{facts.join(' · ')}</p>
      {session.evidenceUrl ? (
        <p className={s.sessionFacts}>
          <ExternalLink href={session.evidenceUrl} aria-describedby={headingId}>
            {t('proof.session.recording')}
          </ExternalLink>
        </p>
      ) : null}
      {session.samples.length > 0 ? (
        <div className={s.samples}>
          <span id={`${headingId}-samples`} className={s.samplesLabel}>
            {t('proof.session.samples')}
          </span>
          <ul aria-labelledby={`${headingId}-samples ${headingId}`} className={s.sampleList}>
            {session.samples.map((sample) => {
              const viewers =
                sample.viewers === null
                  ? t('proof.session.noViewers')
                  : t('proof.session.viewers', { count: f.count(sample.viewers) });
              const time = f.time(sample.at);
              return (
                <li key={sample.at}>
                  {sample.disclosed
                    ? t('proof.session.sample', { time, viewers })
                    : t('proof.session.sampleUndisclosed', { time, viewers })}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

function ReviewFacts({ review }: { review: Review }) {
  const { t, locale } = useMessages(overlayMessages);
  const f = formatsIn(locale);
  const open = review.status === 'pending' || review.status === 'held' || review.status === 'disputed';
  return (
    <dl className={s.facts}>
      <div>
        <dt>{t('proof.reviewStatus')}</dt>
        <dd>
          <Chip tone={REVIEW_TONE[review.status]}>{t(REVIEW_STATUS[review.status])}</Chip>
        </dd>
      </div>
      <div>
        <dt>{t('proof.earned')}</dt>
        <dd>{f.money(review.earnedCents)}</dd>
      </div>
      {open ? (
        <div>
          <dt>{t('proof.windowEnds')}</dt>
          <dd>{f.dateTime(review.endsAt)}</dd>
        </div>
      ) : null}
      {review.releasedAt ? (
        <div>
          <dt>{t('proof.releasedAt')}</dt>
          <dd>{f.dateTime(review.releasedAt)}</dd>
        </div>
      ) : null}
      {review.status === 'held' && review.holdReasons.length > 0 ? (
        <div className={s.wide}>
          <dt>{t('proof.underReview')}</dt>
          <dd className={s.text}>
            {t('proof.heldBecause')}
            <ul>
              {review.holdReasons.map((reason) => (
                <li key={`${reason.rule}:${reason.detail}`}>{reason.detail}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
      {review.disputeReason ? (
        <div className={s.wide}>
          <dt>
            {review.disputedAt
              ? t('proof.disputeTermAt', { at: f.dateTime(review.disputedAt) })
              : t('proof.disputeTerm')}
          </dt>
          <dd className={s.text}>{review.disputeReason}</dd>
        </div>
      ) : null}
      {review.resolution ? (
        <div className={s.wide}>
          <dt>{t('proof.resolution', { at: f.dateTime(review.resolution.at) })}</dt>
          <dd className={s.text}>
            {t('proof.resolutionText', {
              pay: f.money(review.resolution.payCents),
              refund: f.money(review.resolution.refundCents),
            })}{' '}
            {review.resolution.reason}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function Report({ display, onDispute }: { display: OfferDisplay; onDispute: (() => void) | null }) {
  const { t, locale } = useMessages(overlayMessages);
  const f = formatsIn(locale);
  /** A day of the report, with its weekday: "Sat, Nov 21, 2026". */
  const day = (value: string) => f.day(value, { weekday: true });
  const busiest = Math.max(1, ...display.days.map((entry) => entry.seconds));
  const dayRows = display.days.map((entry) => ({
    day: day(entry.day),
    minutes: f.duration(entry.seconds),
    verified: f.duration(entry.verifiedSeconds),
    bar: (
      <span
        className={s.bar}
        style={{ width: `${Math.max(2, Math.round((entry.seconds / busiest) * 100))}%` }}
        aria-hidden="true"
      />
    ),
  }));
  // Only what the campaign asked for: an offer of clicks, codes or bot posts is proven by those, not by minutes.
  const overlay = display.evidence.overlay !== null;
  const unverified = display.unverified.filter((share) => share.status !== 'verified' && share.seconds > 0);
  const completedAt = display.completedAt ? f.dateTime(display.completedAt) : null;
  const completed =
    completedAt === null
      ? t('proof.notYet')
      : display.completedVia === 'overlay'
        ? t('proof.completedByOverlay', { at: completedAt })
        : display.completedVia === 'deliverables'
          ? t('proof.completedByDeliverables', { at: completedAt })
          : t('proof.completedByAdvertiser', { at: completedAt });
  const status = (overlay ? null : DELIVERY_STATUS[display.status]) ?? STATUS[display.status];
  const printed = f.dateTime(Date.now());
  return (
    <>
      <dl className={s.facts}>
        <div>
          <dt>{t('proof.creator')}</dt>
          <dd>{display.creatorName}</dd>
        </div>
        <div>
          <dt>{t('proof.sponsor')}</dt>
          <dd>{display.brand}</dd>
        </div>
        <div>
          <dt>{t('proof.window')}</dt>
          <dd>
            {day(display.startsOn)} – {day(display.endsOn)}
          </dd>
        </div>
        {overlay ? (
          <div>
            <dt>{t('proof.disclosure')}</dt>
            <dd>
              {display.requiresDisclosure
                ? t('proof.disclosureRequired', { text: display.disclosure })
                : t('proof.disclosureText', { text: display.disclosure })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('proof.status')}</dt>
          <dd>{status ? t(status) : display.status}</dd>
        </div>
        <div>
          <dt>{t('proof.completed')}</dt>
          <dd>{completed}</dd>
        </div>
      </dl>
      {overlay ? (
        <section aria-labelledby="proof-minutes" className={s.section}>
          <h2 id="proof-minutes" className={s.sectionTitle}>
            {t('proof.minutes', {
              verified: f.duration(display.verifiedSeconds),
              asked: f.duration(display.deliverableSeconds),
            })}
          </h2>
          <Progress
            value={percentOf(display.verifiedSeconds, display.deliverableSeconds)}
            label={t('proof.progress')}
          />
          <dl className={s.figures}>
            <div>
              <dt>{t('proof.claimed')}</dt>
              <dd>{f.duration(display.displayedSeconds)}</dd>
            </div>
            <div>
              <dt>{t('proof.verified')}</dt>
              <dd>{f.duration(display.verifiedSeconds)}</dd>
            </div>
            <div>
              <dt>{t('proof.impressions')}</dt>
              <dd>{f.count(display.impressions)}</dd>
            </div>
            <div>
              <dt>{t('proof.cpm')}</dt>
              <dd>{display.cpmCents === null ? t('proof.noImpressions') : f.money(display.cpmCents)}</dd>
            </div>
            <div>
              <dt>{t('proof.pay')}</dt>
              <dd>{f.money(display.payCents)}</dd>
            </div>
          </dl>
          {unverified.length > 0 ? (
            <div className={s.samples}>
              <span id="proof-unverified" className={s.samplesLabel}>
                {t('proof.unverified')}
              </span>
              <ul aria-labelledby="proof-unverified" className={s.unverified}>
                {unverified.map((share) => (
                  <li key={share.status}>
                    {f.duration(share.seconds)} {t(UNVERIFIED[share.status as keyof typeof UNVERIFIED])}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
      <DeliveryEvidence evidence={display.evidence} idBase="proof" />
      {display.review ? (
        <section aria-labelledby="proof-review" className={s.section}>
          <div className={s.sectionHead}>
            <h2 id="proof-review" className={s.sectionTitle}>
              {t('proof.review')}
            </h2>
            {onDispute ? (
              <Button variant="secondary" className={s.screenOnly} onClick={onDispute}>
                {t('proof.dispute')}
              </Button>
            ) : null}
          </div>
          <ReviewFacts review={display.review} />
        </section>
      ) : null}
      {overlay ? (
        <>
          <section aria-labelledby="proof-days" className={s.section}>
            <h2 id="proof-days" className={s.sectionTitle}>
              {t('proof.days')}
            </h2>
            <Table
              caption={t('proof.days')}
              columns={[
                { key: 'day', header: t('proof.days.day') },
                { key: 'minutes', header: t('proof.days.claimed'), align: 'right' },
                { key: 'verified', header: t('proof.days.verified'), align: 'right' },
                { key: 'bar', header: t('proof.days.share') },
              ]}
              rows={dayRows}
              rowKey={(row) => String(row.day)}
              emptyMessage={t('proof.days.empty')}
            />
          </section>
          <section aria-labelledby="proof-sessions" className={s.section}>
            <h2 id="proof-sessions" className={s.sectionTitle}>
              {t('proof.sessions')}
            </h2>
            {display.sessions.length === 0 ? (
              <p className={s.note}>{t('proof.sessions.none')}</p>
            ) : (
              <ol aria-label={t('proof.sessions.list')} className={s.sessions}>
                {display.sessions.map((session, index) => (
                  <SessionEntry key={session.start} session={session} index={index} />
                ))}
              </ol>
            )}
          </section>
          <p className={s.note}>
            {display.requiresDisclosure ? t('proof.noteDisclosed', { printed }) : t('proof.note', { printed })}
          </p>
        </>
      ) : (
        <p className={s.note}>
          {display.evidence.link ? t('proof.noteClicks', { printed }) : t('proof.notePrinted', { printed })}
        </p>
      )}
    </>
  );
}

/**
 * An offer's proof of display (docs/product.md §The overlay for OBS, §Verified delivery): a page of its own that prints as a report
 * (print to PDF). The advertiser may dispute the delivery while its review window is open; the creator never can.
 */
export function DisplayProofScreen({
  logic,
  disputeLogic,
}: {
  logic?: DisplayProofLogic;
  disputeLogic?: DeliveryDisputeLogic;
}) {
  const { id = '' } = useParams();
  const proof = useActorRef(useDisplayProofLogic(logic, disputeLogic), { inspect, input: { offerId: id } });
  const loading = useSelector(proof, selectProofLoading);
  const error = useSelector(proof, selectProofLoadError);
  const display = useSelector(proof, selectProof);
  const dispute = useSelector(proof, selectDispute);
  const disputable = useSelector(proof, (snapshot) => selectDisputable(snapshot, Date.now()));
  const role = SessionContext.useSelector(selectRole);
  const session = SessionContext.useActorRef();
  const signedIn = SessionContext.useSelector(selectSignedIn);
  const userKnown = SessionContext.useSelector(selectUser) !== null;
  // A page without the dashboard: the role (who may dispute, where Back goes) needs GET /api/user, as the dashboard
  // does on load, when the report is opened directly (a link in a notice or an e-mail).
  useEffect(() => {
    if (signedIn && !userKnown) session.send({ type: 'user.load' });
  }, [signedIn, userKnown, session]);
  // The report shows the evidence of each deliverable too (its own area's words): both wait at once.
  const { t } = useMessages(overlayMessages, deliverablesMessages);
  const advertiser = role === 'advertiser';
  const back: { to: string; label: OverlayMessage } = advertiser
    ? { to: '/campaigns', label: 'proof.back.campaigns' }
    : role === 'creator'
      ? { to: '/sponsorship-offers', label: 'proof.back.offers' }
      : { to: '/dashboard', label: 'proof.back.dashboard' };
  return (
    <main className={s.page}>
      <header className={s.header}>
        <Logo tone="onLight" />
        <div className={s.tools}>
          <Link to={back.to} className={s.back}>
            <Icon name="chevron-left" size={18} />
            {t(back.label)}
          </Link>
          <Button variant="primary" disabled={!display} onClick={() => proof.send({ type: 'proof.print' })}>
            {t('proof.print')}
          </Button>
        </div>
      </header>
      <h1 className={s.title}>
        {display && display.evidence.overlay === null ? t('proof.titleDelivery') : t('proof.titleDisplay')}
      </h1>
      {display ? (
        <p className={s.subtitle}>{t('proof.subtitle', { brand: display.brand, title: display.title })}</p>
      ) : null}
      <LoadState
        loading={loading}
        error={error}
        what={t('proof.loading')}
        onRetry={() => proof.send({ type: 'proof.retry' })}
      />
      {display ? (
        <Report
          display={display}
          onDispute={advertiser && disputable && dispute ? () => dispute.send({ type: 'dispute.open' }) : null}
        />
      ) : null}
      {advertiser && dispute && display ? (
        <Suspense fallback={null}>
          <DeliveryDisputeDialog actorRef={dispute} title={display.title} evidence={display.evidence} />
        </Suspense>
      ) : null}
    </main>
  );
}
