import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'react-router-dom';
import type { OfferDisplay } from '@/contract';
import { selectProof, selectProofLoadError, selectProofLoading } from '@/machines/overlay/displayProof.select';
import { inspect } from '@/src/app/inspect';
import { formatDateTime, formatDay, formatDuration } from '@/src/common/format';
import { selectRole } from '@/machines/accounts/session.select';
import { SessionContext } from '@/src/app/session';
import { useDisplayProofLogic, type DisplayProofLogic } from '@/src/overlay/displayProof';
import { Button } from '@/src/ui/Button';
import { Icon } from '@/src/ui/Icon';
import { Progress } from '@/src/ui/Progress';
import { Table } from '@/src/ui/Table';
import { LoadState } from '@/src/common/LoadState';
import { Logo } from '@/src/common/Logo';
import * as s from './DisplayProof.css';

/** A day of the report, with its weekday: "Sat, Nov 21, 2026". */
const day = (value: string) => formatDay(value, { weekday: true });

const STATUS: Partial<Record<OfferDisplay['status'], string>> = {
  accepted: 'Accepted, not displayed yet',
  active: 'Being displayed',
  completed: 'Completed',
  paid: 'Completed and paid',
};

function Report({ display }: { display: OfferDisplay }) {
  const percent =
    display.deliverableSeconds > 0
      ? Math.min(100, Math.round((display.displayedSeconds / display.deliverableSeconds) * 100))
      : 0;
  const busiest = Math.max(1, ...display.days.map((entry) => entry.seconds));
  const dayRows = display.days.map((entry) => ({
    day: day(entry.day),
    minutes: formatDuration(entry.seconds),
    bar: (
      <span
        className={s.bar}
        style={{ width: `${Math.max(2, Math.round((entry.seconds / busiest) * 100))}%` }}
        aria-hidden="true"
      />
    ),
  }));
  const sessionRows = display.sessions.map((session) => ({
    start: formatDateTime(session.start),
    end: formatDateTime(session.end),
    minutes: formatDuration(session.seconds),
  }));
  const completed = display.completedAt
    ? `${formatDateTime(display.completedAt)}, ${display.completedVia === 'overlay' ? 'by the displayed minutes' : 'confirmed by the advertiser'}`
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
        <div>
          <dt>Disclosure shown</dt>
          <dd>“{display.disclosure}”</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{STATUS[display.status] ?? display.status}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{completed}</dd>
        </div>
      </dl>
      <section aria-labelledby="proof-minutes" className={s.section}>
        <h2 id="proof-minutes" className={s.sectionTitle}>
          {formatDuration(display.displayedSeconds)} of {formatDuration(display.deliverableSeconds)} displayed
        </h2>
        <Progress value={percent} label="Displayed against the deliverable" />
      </section>
      <section aria-labelledby="proof-days" className={s.section}>
        <h2 id="proof-days" className={s.sectionTitle}>
          Display by day
        </h2>
        <Table
          caption="Display by day"
          columns={[
            { key: 'day', header: 'Day' },
            { key: 'minutes', header: 'Displayed', align: 'right' },
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
        <Table
          caption="Display sessions"
          columns={[
            { key: 'start', header: 'Start' },
            { key: 'end', header: 'End' },
            { key: 'minutes', header: 'Displayed', align: 'right' },
          ]}
          rows={sessionRows}
          rowKey={(row) => String(row.start)}
          emptyMessage="No sessions yet."
        />
      </section>
      <p className={s.note}>
        Counted by Castbridge from the overlay's heartbeats: only seconds the creative was on screen (in OBS, while the
        source was visible and the stream live), never more than the clock allows. Times in UTC. Printed{' '}
        {formatDateTime(Date.now())}.
      </p>
    </>
  );
}

/** An offer's proof of display (docs/product.md §The overlay for OBS): a page of its own that prints as a report (print to PDF). */
export function DisplayProofScreen({ logic }: { logic?: DisplayProofLogic }) {
  const { id = '' } = useParams();
  const proof = useActorRef(useDisplayProofLogic(logic), { inspect, input: { offerId: id } });
  const loading = useSelector(proof, selectProofLoading);
  const error = useSelector(proof, selectProofLoadError);
  const display = useSelector(proof, selectProof);
  const role = SessionContext.useSelector(selectRole);
  const back =
    role === 'advertiser'
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
      <h1 className={s.title}>Proof of display</h1>
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
      {display ? <Report display={display} /> : null}
    </main>
  );
}
