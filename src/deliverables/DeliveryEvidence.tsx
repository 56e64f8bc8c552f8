// The evidence of each deliverable an offer's campaign asks for (docs/product.md §Deliverables): the tracked link's
// counted and refused clicks by why and by day, the promo code's redemptions with their order ids, the bot's posts with
// the platform's message ids (the overlay's verified minutes are shown by the screens themselves). A deliverable the
// campaign does not ask for is not shown. The proof report (src/overlay/DisplayProof.tsx) and the operator's review
// (src/operator/ReviewQueue.tsx) show the same.
import type { ReactNode } from 'react';
import type { OfferEvidence } from '@/contract/schemas/deliverables';
import { PLATFORM_NAMES } from '@/contract/connections';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import { deliverablesMessages, type DeliverablesMessage } from './catalogue';
import * as s from './DeliveryEvidence.css';

type Link = NonNullable<OfferEvidence['link']>;
type Promo = NonNullable<OfferEvidence['promo']>;
type Chat = NonNullable<OfferEvidence['chat']>;
type Refusal = keyof Link['refused'];

/** The deliverables' words in a language, as useMessages gives them for deliverablesMessages. */
export type DeliverablesWords = ReturnType<typeof useMessages<[typeof deliverablesMessages]>>;
type Words = DeliverablesWords['t'];

/** Why a click did not count, as the brand and the operator read it. */
const REFUSED_CLICK_TEXT: Record<Refusal, DeliverablesMessage> = {
  bot: 'evidence.refused.bot',
  repeat: 'evidence.refused.repeat',
  limited: 'evidence.refused.limited',
  inactive: 'evidence.refused.inactive',
};
const REFUSALS = Object.keys(REFUSED_CLICK_TEXT) as Refusal[];

/** A day's refused clicks in a few words: "1 bot, 2 repeats" (the reasons above say what each means). */
const REFUSED_SHORT: Record<Refusal, DeliverablesMessage> = {
  bot: 'evidence.refusedShort.bot',
  repeat: 'evidence.refusedShort.repeat',
  limited: 'evidence.refusedShort.limited',
  inactive: 'evidence.refusedShort.inactive',
};
function refusedOfDay(t: Words, day: Link['days'][number]): string {
  const parts = REFUSALS.filter((reason) => day[reason] > 0).map((reason) =>
    t(REFUSED_SHORT[reason], { count: day[reason] }),
  );
  return parts.length === 0 ? t('evidence.link.noneRefused') : parts.join(', ');
}

const POST_STATUS: Record<Chat['posts'][number]['status'], DeliverablesMessage> = {
  sent: 'evidence.chat.sent',
  dropped: 'evidence.chat.dropped',
  failed: 'evidence.chat.failed',
};

/** "12 of 50", or "12" without a target. */
const ofTarget = ({ t, locale }: DeliverablesWords, counted: number, target: number | null) => {
  const f = formatsIn(locale);
  return target === null
    ? f.count(counted)
    : t('evidence.ofTarget', { counted: f.count(counted), target: f.count(target) });
};

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
  const { t, locale } = useMessages(deliverablesMessages);
  const f = formatsIn(locale);
  const refused = REFUSALS.reduce((sum, reason) => sum + link.refused[reason], 0);
  const headingId = `${idBase}-link`;
  return (
    <section aria-labelledby={headingId} className={s.part}>
      <Heading level={level} id={headingId}>
        {t('evidence.link.title')}
      </Heading>
      <p className={s.summary}>
        {link.target === null
          ? t('evidence.link.counted', { counted: link.counted, refused })
          : t('evidence.link.countedOf', { counted: link.counted, target: link.target, refused })}
      </p>
      {link.url ? (
        <p className={s.note}>
          {t('evidence.link.url')} <span className={s.id}>{link.url}</span>
        </p>
      ) : null}
      {refused > 0 ? (
        <dl className={s.reasons} aria-label={t('evidence.link.byReason')}>
          {REFUSALS.filter((reason) => link.refused[reason] > 0).map((reason) => (
            <div key={reason} style={{ display: 'contents' }}>
              <dt>{t(REFUSED_CLICK_TEXT[reason])}</dt>
              <dd>{f.count(link.refused[reason])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {link.days.length === 0 ? (
        <p className={s.note}>{t('evidence.link.none')}</p>
      ) : (
        <Rows label={t('evidence.link.byDay')}>
          {link.days.map((day) => (
            <li key={day.day} className={s.row}>
              <span className={s.lead}>{f.day(day.day)}</span>
              <span>{t('evidence.link.dayCounted', { count: day.counted })}</span>
              <span className={s.muted}>{t('evidence.link.dayRefused', { reasons: refusedOfDay(t, day) })}</span>
            </li>
          ))}
        </Rows>
      )}
    </section>
  );
}

function PromoEvidence({ promo, level, idBase }: { promo: Promo; level: Level; idBase: string }) {
  const { t, locale } = useMessages(deliverablesMessages);
  const f = formatsIn(locale);
  const headingId = `${idBase}-promo`;
  const counted =
    promo.target === null
      ? t('evidence.promo.counted', { counted: promo.counted })
      : t('evidence.promo.countedOf', { counted: promo.counted, target: promo.target });
  return (
    <section aria-labelledby={headingId} className={s.part}>
      <Heading level={level} id={headingId}>
        {t('evidence.promo.title')}
      </Heading>
      <p className={s.summary}>
        {promo.code
          ? t('evidence.promo.ofCode', { counted, code: promo.code })
          : t('evidence.promo.noCode', { counted })}
      </p>
      {promo.redemptions.length === 0 ? (
        <p className={s.note}>{t('evidence.promo.none')}</p>
      ) : (
        <Rows label={t('evidence.promo.list')}>
          {promo.redemptions.map((redemption) => (
            <li key={redemption.orderId} className={s.row}>
              <span className={s.lead}>
                {t('evidence.promo.order')} <span className={s.id}>{redemption.orderId}</span>
              </span>
              <span>{f.dateTime(redemption.redeemedAt)}</span>
              {redemption.amountCents === null ? null : <span>{f.money(redemption.amountCents)}</span>}
              <span className={s.muted}>
                {redemption.counted ? t('evidence.promo.countedOne') : t('evidence.promo.notCounted')}
              </span>
            </li>
          ))}
        </Rows>
      )}
      {promo.total > promo.redemptions.length ? (
        <p className={s.note}>
          {t('evidence.promo.newest', { shown: f.count(promo.redemptions.length), total: f.count(promo.total) })}
        </p>
      ) : null}
    </section>
  );
}

function ChatEvidence({ chat, level, idBase }: { chat: Chat; level: Level; idBase: string }) {
  const { t, locale } = useMessages(deliverablesMessages);
  const f = formatsIn(locale);
  const headingId = `${idBase}-chat`;
  return (
    <section aria-labelledby={headingId} className={s.part}>
      <Heading level={level} id={headingId}>
        {t('evidence.chat.title')}
      </Heading>
      <p className={s.summary}>
        {chat.target === null
          ? t('evidence.chat.counted', { counted: chat.sent })
          : t('evidence.chat.countedOf', { counted: chat.sent, target: chat.target })}
      </p>
      {chat.posts.length === 0 ? (
        <p className={s.note}>{t('evidence.chat.none')}</p>
      ) : (
        <Rows label={t('evidence.chat.list')}>
          {chat.posts.map((post) => (
            <li key={post.id} className={s.row}>
              <span className={s.lead}>{f.dateTime(post.postedAt)}</span>
              <span>{PLATFORM_NAMES[post.platform]}</span>
              <span>
                {post.kind === 'command'
                  ? t('evidence.chat.answer', { status: t(POST_STATUS[post.status]) })
                  : t(POST_STATUS[post.status])}
              </span>
              <span className={s.muted}>
                {post.platformMessageId ? (
                  <>
                    {t('evidence.chat.messageId')} <span className={s.id}>{post.platformMessageId}</span>
                  </>
                ) : (
                  (post.reason ?? t('evidence.chat.noReason'))
                )}
              </span>
            </li>
          ))}
        </Rows>
      )}
      {chat.total > chat.posts.length ? (
        <p className={s.note}>
          {t('evidence.chat.newest', { shown: f.count(chat.posts.length), total: f.count(chat.total) })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * One line per deliverable asked for: what was counted against its target (the dispute dialog's summary), in the
 * language of `words` (the deliverables' messages where it is shown).
 */
export function evidenceSummary(evidence: OfferEvidence, words: DeliverablesWords): string[] {
  const { t, locale } = words;
  const f = formatsIn(locale);
  const lines: string[] = [];
  if (evidence.overlay)
    lines.push(
      t('summary.overlay', {
        verified: f.duration(evidence.overlay.verifiedSeconds),
        target: f.duration(evidence.overlay.targetSeconds),
      }),
    );
  if (evidence.link) {
    const refused = REFUSALS.reduce((sum, reason) => sum + evidence.link!.refused[reason], 0);
    lines.push(
      t('summary.link', {
        counted: ofTarget(words, evidence.link.counted, evidence.link.target),
        refused: f.count(refused),
      }),
    );
  }
  if (evidence.promo)
    lines.push(t('summary.promo', { counted: ofTarget(words, evidence.promo.counted, evidence.promo.target) }));
  if (evidence.chat)
    lines.push(t('summary.chat', { counted: ofTarget(words, evidence.chat.sent, evidence.chat.target) }));
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
