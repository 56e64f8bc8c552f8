// The evidence of each deliverable an offer's campaign asks for (docs/product.md §Deliverables): the tracked link's
// counted and refused clicks by why and by day, the promo code's redemptions with their order ids, the bot's posts with
// the platform's message ids (the overlay's verified minutes are shown by the screens themselves). A deliverable the
// campaign does not ask for is not shown. The proof report (src/overlay/DisplayProof.tsx) and the operator's review
// (src/operator/ReviewQueue.tsx) show the same.
import type { ReactNode } from 'react';
import type { OfferEvidence } from '@/contract/schemas/deliverables';
import { PLATFORM_NAMES } from '@/contract/connections';
import { formatCount, formatDateTime, formatDay, formatDuration, formatMoney } from '@/src/common/format';
import * as s from './DeliveryEvidence.css';

type Link = NonNullable<OfferEvidence['link']>;
type Promo = NonNullable<OfferEvidence['promo']>;
type Chat = NonNullable<OfferEvidence['chat']>;

/** Why a click did not count, as the brand and the operator read it. */
export const REFUSED_CLICK_TEXT: Record<keyof Link['refused'], string> = {
  bot: 'Known bots',
  repeat: 'Same visitor again that day',
  limited: 'Over a limit per minute',
  inactive: 'Offer or campaign not active',
};
const REFUSALS = Object.keys(REFUSED_CLICK_TEXT) as (keyof Link['refused'])[];

/** A day's refused clicks in a few words: "1 bot, 2 repeats" (the reasons above say what each means). */
const REFUSED_SHORT: Record<keyof Link['refused'], [string, string]> = {
  bot: ['bot', 'bots'],
  repeat: ['repeat', 'repeats'],
  limited: ['over a limit', 'over a limit'],
  inactive: ['not active', 'not active'],
};
function refusedOfDay(day: Link['days'][number]): string {
  const parts = REFUSALS.filter((reason) => day[reason] > 0).map(
    (reason) => `${formatCount(day[reason])} ${REFUSED_SHORT[reason][day[reason] === 1 ? 0 : 1]}`,
  );
  return parts.length === 0 ? 'None' : parts.join(', ');
}

const POST_STATUS: Record<Chat['posts'][number]['status'], string> = {
  sent: 'Posted',
  dropped: 'Dropped by the platform',
  failed: 'Not posted',
};

const ofTarget = (counted: number, target: number | null) =>
  target === null ? formatCount(counted) : `${formatCount(counted)} of ${formatCount(target)}`;

type Level = 2 | 3;

/** Evidence rows: a list whose entries wrap on a phone instead of scrolling a table sideways. */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol aria-label={label} className={s.rows}>
      {children}
    </ol>
  );
}

function Heading({ level, id, children }: { level: Level; id: string; children: string }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} className={level === 2 ? s.title : s.titleSmall}>
      {children}
    </Tag>
  );
}

function LinkEvidence({ link, level, idBase }: { link: Link; level: Level; idBase: string }) {
  const refused = REFUSALS.reduce((sum, reason) => sum + link.refused[reason], 0);
  const headingId = `${idBase}-link`;
  return (
    <section aria-labelledby={headingId} className={s.part}>
      <Heading level={level} id={headingId}>
        Tracked-link clicks
      </Heading>
      <p className={s.summary}>
        {ofTarget(link.counted, link.target)} counted {link.counted === 1 && link.target === null ? 'click' : 'clicks'}{' '}
        · {formatCount(refused)} refused
      </p>
      {link.url ? (
        <p className={s.note}>
          Link: <span className={s.id}>{link.url}</span>
        </p>
      ) : null}
      {refused > 0 ? (
        <dl className={s.reasons} aria-label="Refused clicks by reason">
          {REFUSALS.filter((reason) => link.refused[reason] > 0).map((reason) => (
            <div key={reason} style={{ display: 'contents' }}>
              <dt>{REFUSED_CLICK_TEXT[reason]}</dt>
              <dd>{formatCount(link.refused[reason])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {link.days.length === 0 ? (
        <p className={s.note}>No clicks yet.</p>
      ) : (
        <Rows label="Clicks by day">
          {link.days.map((day) => (
            <li key={day.day} className={s.row}>
              <span className={s.lead}>{formatDay(day.day)}</span>
              <span>{formatCount(day.counted)} counted</span>
              <span className={s.muted}>refused: {refusedOfDay(day)}</span>
            </li>
          ))}
        </Rows>
      )}
    </section>
  );
}

function PromoEvidence({ promo, level, idBase }: { promo: Promo; level: Level; idBase: string }) {
  const headingId = `${idBase}-promo`;
  return (
    <section aria-labelledby={headingId} className={s.part}>
      <Heading level={level} id={headingId}>
        Promo-code redemptions
      </Heading>
      <p className={s.summary}>
        {ofTarget(promo.counted, promo.target)} counted redemptions
        {promo.code ? ` of the code ${promo.code}` : ' · no code assigned yet'}
      </p>
      {promo.redemptions.length === 0 ? (
        <p className={s.note}>No redemptions yet.</p>
      ) : (
        <Rows label="Redemptions">
          {promo.redemptions.map((redemption) => (
            <li key={redemption.orderId} className={s.row}>
              <span className={s.lead}>
                Order <span className={s.id}>{redemption.orderId}</span>
              </span>
              <span>{formatDateTime(redemption.redeemedAt)}</span>
              {redemption.amountCents === null ? null : <span>{formatMoney(redemption.amountCents)}</span>}
              <span className={s.muted}>{redemption.counted ? 'counted' : 'not counted: offer not active then'}</span>
            </li>
          ))}
        </Rows>
      )}
      {promo.total > promo.redemptions.length ? (
        <p className={s.note}>
          The newest {formatCount(promo.redemptions.length)} of {formatCount(promo.total)} redemptions.
        </p>
      ) : null}
    </section>
  );
}

function ChatEvidence({ chat, level, idBase }: { chat: Chat; level: Level; idBase: string }) {
  const headingId = `${idBase}-chat`;
  return (
    <section aria-labelledby={headingId} className={s.part}>
      <Heading level={level} id={headingId}>
        Chat bot posts
      </Heading>
      <p className={s.summary}>{ofTarget(chat.sent, chat.target)} posts counted</p>
      {chat.posts.length === 0 ? (
        <p className={s.note}>No posts yet.</p>
      ) : (
        <Rows label="Bot posts">
          {chat.posts.map((post) => (
            <li key={post.id} className={s.row}>
              <span className={s.lead}>{formatDateTime(post.postedAt)}</span>
              <span>{PLATFORM_NAMES[post.platform]}</span>
              <span>
                {POST_STATUS[post.status]}
                {post.kind === 'command' ? ' (answer to the command)' : ''}
              </span>
              <span className={s.muted}>
                {post.platformMessageId ? (
                  <>
                    message id <span className={s.id}>{post.platformMessageId}</span>
                  </>
                ) : (
                  (post.reason ?? 'no reason given')
                )}
              </span>
            </li>
          ))}
        </Rows>
      )}
      {chat.total > chat.posts.length ? (
        <p className={s.note}>
          The newest {formatCount(chat.posts.length)} of {formatCount(chat.total)} posts.
        </p>
      ) : null}
    </section>
  );
}

/** One line per deliverable asked for: what was counted against its target (the dispute dialog's summary). */
export function evidenceSummary(evidence: OfferEvidence): string[] {
  const lines: string[] = [];
  if (evidence.overlay)
    lines.push(
      `Overlay: ${formatDuration(evidence.overlay.verifiedSeconds)} of ${formatDuration(evidence.overlay.targetSeconds)} verified`,
    );
  if (evidence.link) {
    const refused = REFUSALS.reduce((sum, reason) => sum + evidence.link!.refused[reason], 0);
    lines.push(
      `Tracked link: ${ofTarget(evidence.link.counted, evidence.link.target)} counted clicks, ${formatCount(refused)} refused`,
    );
  }
  if (evidence.promo)
    lines.push(`Promo code: ${ofTarget(evidence.promo.counted, evidence.promo.target)} counted redemptions`);
  if (evidence.chat) lines.push(`Chat bot: ${ofTarget(evidence.chat.sent, evidence.chat.target)} posts counted`);
  return lines;
}

/** Each deliverable the offer asks for with its evidence, but the overlay's minutes (their owners show them). */
export function DeliveryEvidence({
  evidence,
  level = 2,
  idBase = 'evidence',
}: {
  evidence: OfferEvidence;
  level?: Level;
  /** Unique on the page (the operator's queue shows several offers). */
  idBase?: string;
}) {
  return (
    <div className={s.evidence}>
      {evidence.link ? <LinkEvidence link={evidence.link} level={level} idBase={idBase} /> : null}
      {evidence.promo ? <PromoEvidence promo={evidence.promo} level={level} idBase={idBase} /> : null}
      {evidence.chat ? <ChatEvidence chat={evidence.chat} level={level} idBase={idBase} /> : null}
    </div>
  );
}
