import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { OfferDisplay } from '@/contract';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '@/contract/money';
import { MINUTE_STATUS_TEXT } from '@/contract/overlay';
import { PLATFORM_NAMES } from '@/contract/connections';
import {
  selectDispute,
  selectDisputable,
  selectProof,
  selectProofLoadError,
  selectProofLoading,
} from '@/machines/overlay/displayProof.select';
import { inspect } from '@/src/app/inspect';
import { formatCount, formatDateTime, formatDay, formatDuration, formatMoney, formatTime } from '@/src/common/format';
import { selectRole, selectSignedIn, selectUser } from '@/machines/accounts/session.select';
import { SessionContext } from '@/src/app/session';
import type { DeliveryDisputeLogic } from '@/src/money/deliveryDispute';
import { useDisplayProofLogic, type DisplayProofLogic } from '@/src/overlay/displayProof';
import { DeliveryEvidence } from '@/src/deliverables/DeliveryEvidence';
import { Button } from '@/src/ui/Button';
import { Chip, type ChipTone } from '@/src/ui/Chip';
import { Icon } from '@/src/ui/Icon';
import { ExternalLink } from '@/src/ui/Link';
import { Progress } from '@/src/ui/Progress';
import { Table } from '@/src/ui/Table';
import { LoadState } from '@/src/common/LoadState';
import { Logo } from '@/src/common/Logo';
import * as s from './DisplayProof.css';

// The dispute dialog (Radix Dialog, Field) is for advertisers only: a chunk of its own, loaded with their report.
const DeliveryDisputeDialog = lazy(() =>
  import('@/src/money/DeliveryDispute').then((m) => ({ default: m.DeliveryDisputeDialog })),
);

/** A day of the report, with its weekday: "Sat, Nov 21, 2026". */
const day = (value: string) => formatDay(value, { weekday: true });

const STATUS: Partial<Record<OfferDisplay['status'], string>> = {
  accepted: 'Accepted, not displayed yet',
  active: 'Being displayed',
  completed: 'Completed',
  paid: 'Completed and paid',
};

/** An offer without overlay minutes is delivered, not displayed. */
const DELIVERY_STATUS: Partial<Record<OfferDisplay['status'], string>> = {
  accepted: 'Accepted, nothing counted yet',
  active: 'Being delivered',
};

const REVIEW_TONE: Record<ReviewStatus, ChipTone> = {
  pending: 'info',
  held: 'warning',
  disputed: 'warning',
  released: 'success',
  resolved: 'neutral',
};

type Session = OfferDisplay['sessions'][number];
type Review = NonNullable<OfferDisplay['review']>;

/** "Nov 21, 2026, 18:00 UTC – 18:30 UTC", the end's date written only when it differs. */
function span(session: Session): string {
  const sameDay = session.start.slice(0, 10) === session.end.slice(0, 10);
  return `${formatDateTime(session.start)} – ${sameDay ? `${formatTime(session.end)} UTC` : formatDateTime(session.end)}`;
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0);

function SessionEntry({ session, index }: { session: Session; index: number }) {
  const headingId = `proof-session-${index}`;
  const facts = [
    session.platform ? PLATFORM_NAMES[session.platform] : 'No platform confirmed',
    `${formatDuration(session.seconds)} claimed`,
    `${formatDuration(session.verifiedSeconds)} verified`,
    `${formatCount(session.impressions)} impressions`,
    ...(session.chatMessages !== null ? [`${formatCount(session.chatMessages)} chat messages`] : []),
  ];
  return (
    <li className={s.session} aria-labelledby={headingId}>
      <h3 id={headingId} className={s.sessionTitle}>
        {span(session)}
      </h3>
      <p className={s.sessionFacts}>{facts.join(' · ')}</p>
      {session.evidenceUrl ? (
        <p className={s.sessionFacts}>
          <ExternalLink href={session.evidenceUrl} aria-describedby={headingId}>
            Open recording at this moment
          </ExternalLink>
        </p>
      ) : null}
      {session.samples.length > 0 ? (
        <div className={s.samples}>
          <span id={`${headingId}-samples`} className={s.samplesLabel}>
            Viewer samples
          </span>
          <ul aria-labelledby={`${headingId}-samples ${headingId}`} className={s.sampleList}>
            {session.samples.map((sample) => (
              <li key={sample.at}>
                {formatTime(sample.at)}:{' '}
                {sample.viewers === null ? 'no viewer count' : `${formatCount(sample.viewers)} viewers`}
                {sample.disclosed ? '' : ', not disclosed'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

function ReviewFacts({ review }: { review: Review }) {
  const open = review.status === 'pending' || review.status === 'held' || review.status === 'disputed';
  return (
    <dl className={s.facts}>
      <div>
        <dt>Review status</dt>
        <dd>
          <Chip tone={REVIEW_TONE[review.status]}>{REVIEW_STATUS_LABELS[review.status]}</Chip>
        </dd>
      </div>
      <div>
        <dt>Earned by the creator</dt>
        <dd>{formatMoney(review.earnedCents)}</dd>
      </div>
      {open ? (
        <div>
          <dt>Review window ends</dt>
          <dd>{formatDateTime(review.endsAt)}</dd>
        </div>
      ) : null}
      {review.releasedAt ? (
        <div>
          <dt>Available to the creator since</dt>
          <dd>{formatDateTime(review.releasedAt)}</dd>
        </div>
      ) : null}
      {review.status === 'held' && review.holdReasons.length > 0 ? (
        <div className={s.wide}>
          <dt>Under review</dt>
          <dd className={s.text}>
            Castbridge holds this earning until an operator has looked at it, because:
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
          <dt>Dispute{review.disputedAt ? ` (${formatDateTime(review.disputedAt)})` : ''}</dt>
          <dd className={s.text}>{review.disputeReason}</dd>
        </div>
      ) : null}
      {review.resolution ? (
        <div className={s.wide}>
          <dt>Resolution ({formatDateTime(review.resolution.at)})</dt>
          <dd className={s.text}>
            {formatMoney(review.resolution.payCents)} paid to the creator, {formatMoney(review.resolution.refundCents)}{' '}
            returned to the advertiser. {review.resolution.reason}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function Report({ display, onDispute }: { display: OfferDisplay; onDispute: (() => void) | null }) {
  const busiest = Math.max(1, ...display.days.map((entry) => entry.seconds));
  const dayRows = display.days.map((entry) => ({
    day: day(entry.day),
    minutes: formatDuration(entry.seconds),
    verified: formatDuration(entry.verifiedSeconds),
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
  const completed = display.completedAt
    ? `${formatDateTime(display.completedAt)}, ${display.completedVia === 'overlay' ? 'by the verified minutes' : display.completedVia === 'deliverables' ? 'by the counted deliverables' : 'confirmed by the advertiser'}`
    : 'Not yet';
  return (
    <>
      <dl className={s.facts}>
        <div>
          <dt>Creator</dt>
          <dd>{display.creatorName}</dd>
        </div>
        <div>
          <dt>Sponsor</dt>
          <dd>{display.brand}</dd>
        </div>
        <div>
          <dt>Campaign window</dt>
          <dd>
            {day(display.startsOn)} – {day(display.endsOn)}
          </dd>
        </div>
        {overlay ? (
          <div>
            <dt>Disclosure shown</dt>
            <dd>
              “{display.disclosure}”{display.requiresDisclosure ? '; the stream must be disclosed as sponsored' : ''}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Status</dt>
          <dd>{(overlay ? null : DELIVERY_STATUS[display.status]) ?? STATUS[display.status] ?? display.status}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{completed}</dd>
        </div>
      </dl>
      {overlay ? (
        <section aria-labelledby="proof-minutes" className={s.section}>
          <h2 id="proof-minutes" className={s.sectionTitle}>
            {formatDuration(display.verifiedSeconds)} of {formatDuration(display.deliverableSeconds)} verified
          </h2>
          <Progress
            value={percentOf(display.verifiedSeconds, display.deliverableSeconds)}
            label="Verified against the deliverable"
          />
          <dl className={s.figures}>
            <div>
              <dt>Claimed by the overlay</dt>
              <dd>{formatDuration(display.displayedSeconds)}</dd>
            </div>
            <div>
              <dt>Verified by the platform</dt>
              <dd>{formatDuration(display.verifiedSeconds)}</dd>
            </div>
            <div>
              <dt>Impressions</dt>
              <dd>{formatCount(display.impressions)}</dd>
            </div>
            <div>
              <dt>Effective CPM</dt>
              <dd>{display.cpmCents === null ? 'No impressions yet' : formatMoney(display.cpmCents)}</dd>
            </div>
            <div>
              <dt>Pay</dt>
              <dd>{formatMoney(display.payCents)}</dd>
            </div>
          </dl>
          {unverified.length > 0 ? (
            <div className={s.samples}>
              <span id="proof-unverified" className={s.samplesLabel}>
                Claimed but not verified
              </span>
              <ul aria-labelledby="proof-unverified" className={s.unverified}>
                {unverified.map((share) => (
                  <li key={share.status}>
                    {formatDuration(share.seconds)}{' '}
                    {MINUTE_STATUS_TEXT[share.status as keyof typeof MINUTE_STATUS_TEXT]}
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
              Review
            </h2>
            {onDispute ? (
              <Button variant="secondary" className={s.screenOnly} onClick={onDispute}>
                Dispute delivery
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
              Display by day
            </h2>
            <Table
              caption="Display by day"
              columns={[
                { key: 'day', header: 'Day' },
                { key: 'minutes', header: 'Claimed', align: 'right' },
                { key: 'verified', header: 'Verified', align: 'right' },
                { key: 'bar', header: 'Share of the busiest day' },
              ]}
              rows={dayRows}
              rowKey={(row) => String(row.day)}
              emptyMessage="Nothing displayed yet: the minutes appear here while the overlay shows this sponsor on stream."
            />
          </section>
          <section aria-labelledby="proof-sessions" className={s.section}>
            <h2 id="proof-sessions" className={s.sectionTitle}>
              Sessions
            </h2>
            {display.sessions.length === 0 ? (
              <p className={s.note}>No sessions yet.</p>
            ) : (
              <ol aria-label="Display sessions" className={s.sessions}>
                {display.sessions.map((session, index) => (
                  <SessionEntry key={session.start} session={session} index={index} />
                ))}
              </ol>
            )}
          </section>
          <p className={s.note}>
            Claimed minutes are what the overlay reported from OBS while its source was on Program and OBS was
            streaming. Verified minutes are those the platform confirmed: the channel live
            {display.requiresDisclosure ? ', the stream disclosed as sponsored' : ''} and a viewer count sampled.
            Impressions are verified minutes × the platform's concurrent viewers. Times in UTC. Printed{' '}
            {formatDateTime(Date.now())}.
          </p>
        </>
      ) : (
        <p className={s.note}>
          {display.evidence.link
            ? 'A click counts once per visitor and UTC day, from a person, while the offer and its campaign are active; the others are refused, by why. '
            : ''}
          Times in UTC. Printed {formatDateTime(Date.now())}.
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
  const advertiser = role === 'advertiser';
  const back = advertiser
    ? { to: '/campaigns', label: 'Campaigns' }
    : role === 'creator'
      ? { to: '/sponsorship-offers', label: 'Sponsorship Offers' }
      : { to: '/dashboard', label: 'Dashboard' };
  return (
    <main className={s.page}>
      <header className={s.header}>
        <Logo tone="onLight" />
        <div className={s.tools}>
          <Link to={back.to} className={s.back}>
            <Icon name="chevron-left" size={18} />
            {back.label}
          </Link>
          <Button variant="primary" disabled={!display} onClick={() => proof.send({ type: 'proof.print' })}>
            Print
          </Button>
        </div>
      </header>
      <h1 className={s.title}>
        {display && display.evidence.overlay === null ? 'Proof of delivery' : 'Proof of display'}
      </h1>
      {display ? (
        <p className={s.subtitle}>
          {display.brand}: “{display.title}”
        </p>
      ) : null}
      <LoadState
        loading={loading}
        error={error}
        what="proof of display"
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
