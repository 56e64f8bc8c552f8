// An offer's deliverables (docs/product.md §Deliverables) on the creator's offer card and the advertiser's campaign
// page: each one asked for ("Link: 500 clicks") and, once the offer is accepted, its progress ("312 of 500 clicks",
// "4 of 10 posts", "Paused"), the tracked link with Copy, the promo code.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Offer } from '@/contract';
import type { DeliverableProgress } from '@/contract/schemas/deliverables';
import { copyText } from '@/src/common/clipboard';
import { useMessages } from '@/src/i18n/i18n';
import { withTags } from '@/src/i18n/tags';
import { Button } from '@/src/ui/Button';
import { marketplaceMessages } from './catalogue';
import { askedDeliverables, progressFigures, type AskedDeliverable, type OfferWords } from './offerFormat';
import * as s from './OfferDeliverables.css';

type Tone = 'dark' | 'light';
type Viewer = 'creator' | 'advertiser';

interface Props {
  offer: Offer;
  /** The creator reads "your" link and is sent to Connect Accounts for the bot's consent. */
  viewer: Viewer;
  /** Dark: the creator's gradient cards; light: the campaign page. */
  tone: Tone;
  /** The Copy button's extra class (the gradient cards' ghost button). */
  buttonClassName?: string;
  /** The section's heading, one below the card's own. */
  heading?: 'h3' | 'h5';
}

/** A bar of done against target, named by its deliverable, its words beside it. */
function Bar({ label, done, target, tone }: { label: string; done: number; target: number; tone: Tone }) {
  const percent = target > 0 ? Math.min(100, Math.round((done / target) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={s.track[tone]}
    >
      <div className={s.bar[tone]} style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The tracked link and Copy: "Copied" says it worked until the next copy. */
function TrackedLink({ url, viewer, className }: { url: string; viewer: Viewer; className?: string }) {
  // What the button says after a copy: display only, no flow (the link is the server's).
  const [copied, setCopied] = useState(false);
  const { t } = useMessages(marketplaceMessages);
  return (
    <span className={s.linkRow}>
      <span className={s.url}>{url}</span>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className={className}
        aria-label={copied ? t('deliverables.copiedLabel') : t('deliverables.copyLabel')}
        onClick={() => void copyText(url).then(() => setCopied(true))}
      >
        {copied ? t('deliverables.copied') : t('deliverables.copy')}
      </Button>
      {viewer === 'creator' ? <span>{t('deliverables.share')}</span> : null}
    </span>
  );
}

function Progress({
  item,
  offer,
  progress,
  viewer,
  tone,
  buttonClassName,
  words,
}: {
  item: AskedDeliverable;
  offer: Offer;
  progress: DeliverableProgress;
  viewer: Viewer;
  tone: Tone;
  buttonClassName?: string;
  words: OfferWords;
}) {
  const { t } = words;
  const figures = progressFigures(item.kind, progress, offer, words);
  const chat = item.kind === 'chat' ? progress.chat : null;
  const link = item.kind === 'link' ? progress.link : null;
  const promo = item.kind === 'promo' ? progress.promo : null;
  return (
    <>
      {figures ? (
        <>
          <span className={s.figures}>
            <span>{figures.text}</span>
            {chat?.paused ? <span className={s.flag}>{t('deliverables.paused')}</span> : null}
          </span>
          <Bar
            label={t('deliverables.progress', { name: item.name })}
            done={figures.done}
            target={figures.target}
            tone={tone}
          />
        </>
      ) : null}
      {link && link.refused > 0 ? (
        <span className={s.muted[tone]}>{t('deliverables.refused', { count: link.refused })}</span>
      ) : null}
      {link?.url ? <TrackedLink url={link.url} viewer={viewer} className={buttonClassName} /> : null}
      {chat && !chat.consent ? (
        viewer === 'creator' ? (
          <span>
            {withTags(t('deliverables.needsConsent'), {
              link: (text) => (
                <Link to="/connect-accounts" className={s.inlineLink}>
                  {text}
                </Link>
              ),
            })}
          </span>
        ) : (
          <span className={s.muted[tone]}>{t('deliverables.waitingConsent')}</span>
        )
      ) : null}
      {promo ? (
        promo.code ? (
          <span>
            {withTags(t('deliverables.code', { code: promo.code }), {
              code: (code) => <span className={s.code}>{code}</span>,
            })}
          </span>
        ) : (
          <span className={s.muted[tone]}>
            {viewer === 'creator' ? t('deliverables.codeFromAdvertiser') : t('deliverables.noCode')}
          </span>
        )
      ) : null}
    </>
  );
}

/** The offer's deliverables: what is asked, and its progress once there is some. */
export function OfferDeliverables({ offer, viewer, tone, buttonClassName, heading: Heading = 'h3' }: Props) {
  const words = useMessages(marketplaceMessages);
  const { t } = words;
  const asked = askedDeliverables(offer, words);
  const progress = offer.progress;
  const titleId = `offer-${offer.id}-deliverables`;
  return (
    <section className={s.section} aria-labelledby={titleId}>
      <Heading id={titleId} className={s.title}>
        {t('deliverables.title')}
      </Heading>
      <ul className={s.list}>
        {asked.map((item) => (
          <li key={item.kind} className={s.item} data-kind={item.kind}>
            <span>
              <span className={s.name}>{item.name}</span>
              {item.kind === 'overlay' ? ' ' : ': '}
              {item.asked}
            </span>
            {progress ? (
              <Progress
                item={item}
                offer={offer}
                progress={progress}
                viewer={viewer}
                tone={tone}
                buttonClassName={buttonClassName}
                words={words}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {progress?.met ? (
        <p className={s.flag}>
          {offer.perClickCents !== null ? t('deliverables.capReached') : t('deliverables.allMet')}
        </p>
      ) : null}
    </section>
  );
}
