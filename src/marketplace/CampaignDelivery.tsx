import { Fragment } from 'react';
import type { DeliveryFigures } from '@/machines/marketplace/campaignList.select';
import { formatsIn } from '@/src/common/format';
import { useMessages, type MessageValues } from '@/src/i18n/i18n';
import { Card } from '@/src/ui/Card';
import { visuallyHidden } from '@/src/ui/VisuallyHidden.css';
import * as s from './CampaignDelivery.css';
import { sectionTitle } from './advertiser.css';
import { campaignMessages, type CampaignMessage } from './campaignCatalogue';

type Words = (id: CampaignMessage, values?: MessageValues) => string;

// A campaign's verified delivery (docs/product.md §Verified delivery): what its overlay offers displayed as the
// platforms confirmed it, on the campaign page (a figure group) and on its card of the Campaigns list (one line).

/** "42 min verified": whole minutes; a verified part of a first minute is not written as none. */
function minutesText(t: Words, figures: DeliveryFigures): string {
  if (figures.minutes === 0 && figures.verified) return t('verified.underMinute');
  return t('verified.minutes', { minutes: figures.minutes });
}

/** The campaign page's "Verified delivery": verified minutes, impressions and effective CPM, each with what it means. */
export function DeliveryCard({ figures }: { figures: DeliveryFigures }) {
  const { t, locale } = useMessages(campaignMessages);
  const f = formatsIn(locale);
  return (
    <Card as="section" aria-labelledby="campaign-delivery">
      <h2 id="campaign-delivery" className={sectionTitle}>
        {t('verified.title')}
      </h2>
      <dl className={s.figures}>
        <div className={s.figure}>
          <dt className={s.term}>{t('verified.displayTime')}</dt>
          <dd className={s.detail}>
            <span className={s.value}>{minutesText(t, figures)}</span>
            <span className={s.note}>{t('verified.displayNote')}</span>
          </dd>
        </div>
        <div className={s.figure}>
          <dt className={s.term}>{t('verified.impressions')}</dt>
          <dd className={s.detail}>
            <span className={s.value}>{f.count(figures.impressions)}</span>
            <span className={s.note}>{t('verified.impressionsNote')}</span>
          </dd>
        </div>
        <div className={s.figure}>
          <dt className={s.term}>{t('verified.cpm')}</dt>
          <dd className={s.detail}>
            {figures.cpmCents === null ? (
              <>
                <span className={s.value} aria-hidden="true">
                  —
                </span>
                <span className={visuallyHidden}>{t('verified.noneYet')}</span>
                <span className={s.note}>{t('verified.cpmPending')}</span>
              </>
            ) : (
              <>
                <span className={s.value}>{f.money(figures.cpmCents)}</span>
                <span className={s.note}>{t('verified.cpmNote')}</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <p className={s.source}>{t('verified.source')}</p>
    </Card>
  );
}

/** A campaign card's line, once a minute is verified: "42 min verified · 3,528 impressions · $7.09 CPM". */
export function DeliveryLine({ figures }: { figures: DeliveryFigures }) {
  const { t, locale } = useMessages(campaignMessages);
  if (!figures.verified) return null;
  const parts = [minutesText(t, figures), t('verified.lineImpressions', { count: figures.impressions })];
  if (figures.cpmCents !== null) parts.push(t('verified.lineCpm', { cpm: formatsIn(locale).money(figures.cpmCents) }));
  return (
    <p role="group" aria-label={t('verified.title')} className={s.line}>
      {/* A figure never breaks inside: a narrow card wraps the line at a separator. */}
      {parts.map((part, index) => (
        <Fragment key={part}>
          {index > 0 ? <span aria-hidden="true"> · </span> : null}
          <span className={s.part}>{part}</span>
        </Fragment>
      ))}
    </p>
  );
}
