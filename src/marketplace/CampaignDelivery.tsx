import { Fragment } from 'react';
import type { DeliveryFigures } from '@/machines/marketplace/campaignList.select';
import { formatCount, formatMoney } from '@/src/common/format';
import { Card } from '@/src/ui/Card';
import { visuallyHidden } from '@/src/ui/VisuallyHidden.css';
import * as s from './CampaignDelivery.css';
import { sectionTitle } from './advertiser.css';

// A campaign's verified delivery (docs/product.md §Verified delivery): what its overlay offers displayed as the
// platforms confirmed it, on the campaign page (a figure group) and on its card of the Campaigns list (one line).

/** "42 min verified": whole minutes; a verified part of a first minute is not written as none. */
function minutesText(figures: DeliveryFigures): string {
  if (figures.minutes === 0 && figures.verified) return 'Under 1 min verified';
  return `${formatCount(figures.minutes)} min verified`;
}

/** The campaign page's "Verified delivery": verified minutes, impressions and effective CPM, each with what it means. */
export function DeliveryCard({ figures }: { figures: DeliveryFigures }) {
  return (
    <Card as="section" aria-labelledby="campaign-delivery">
      <h2 id="campaign-delivery" className={sectionTitle}>
        Verified delivery
      </h2>
      <dl className={s.figures}>
        <div className={s.figure}>
          <dt className={s.term}>Display time</dt>
          <dd className={s.detail}>
            <span className={s.value}>{minutesText(figures)}</span>
            <span className={s.note}>minutes the platform confirmed live</span>
          </dd>
        </div>
        <div className={s.figure}>
          <dt className={s.term}>Impressions</dt>
          <dd className={s.detail}>
            <span className={s.value}>{formatCount(figures.impressions)}</span>
            <span className={s.note}>viewer-minutes the platform confirmed</span>
          </dd>
        </div>
        <div className={s.figure}>
          <dt className={s.term}>Effective CPM</dt>
          <dd className={s.detail}>
            {figures.cpmCents === null ? (
              <>
                <span className={s.value} aria-hidden="true">
                  —
                </span>
                <span className={visuallyHidden}>None yet, </span>
                <span className={s.note}>after the first verified minute</span>
              </>
            ) : (
              <>
                <span className={s.value}>{formatMoney(figures.cpmCents)}</span>
                <span className={s.note}>pay per 1,000 impressions</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      <p className={s.source}>
        Counted only while a creator&apos;s channel was live on the platform; each offer&apos;s Proof of display lists
        its sessions and recordings.
      </p>
    </Card>
  );
}

/** A campaign card's line, once a minute is verified: "42 min verified · 3,528 impressions · $7.09 CPM". */
export function DeliveryLine({ figures }: { figures: DeliveryFigures }) {
  if (!figures.verified) return null;
  const parts = [minutesText(figures), `${formatCount(figures.impressions)} impressions`];
  if (figures.cpmCents !== null) parts.push(`${formatMoney(figures.cpmCents)} CPM`);
  return (
    <p role="group" aria-label="Verified delivery" className={s.line}>
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
