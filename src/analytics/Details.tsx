// The Analytics screen's tables (docs/product.md §Analytics): chat activity of the latest streams and the Sponsorships section. Loaded
// with the figures, apart from the cards (Analytics.tsx).
import type { CreatorAnalytics, PlatformAnalytics } from '@/contract';
import { RANGE_LABELS } from '@/contract/analytics';
import { Card } from '@/src/ui/Card';
import { Link } from '@/src/ui/Link';
import { Table } from '@/src/ui/Table';
import { formatCompact, formatCount, formatDateTime, formatMoney } from '@/src/common/format';
import * as shared from '@/src/shell/dashboard.css';
import * as s from './Analytics.css';
import { Chart, type ChartSeries } from './Chart';

export function ChatActivity({ platform }: { platform: PlatformAnalytics }) {
  const name = platform.platform === 'twitch' ? 'Twitch' : 'YouTube';
  return (
    <section aria-labelledby={`${platform.platform}-chat-title`} className={s.section}>
      <h3 id={`${platform.platform}-chat-title`} className={s.sectionTitle}>
        Chat activity
      </h3>
      {platform.streams.length === 0 ? (
        <p className={s.hint}>
          No archived stream in this range. <Link to="/archive-chat">Archive Chat</Link> keeps your chat; its streams
          appear here with their messages, chatters and busiest minute.
        </p>
      ) : (
        <Table
          caption={`Chat activity of your latest ${name} streams`}
          columns={[
            { key: 'stream', header: 'Stream' },
            { key: 'date', header: 'Date' },
            { key: 'messages', header: 'Messages', align: 'right' },
            { key: 'chatters', header: 'Chatters', align: 'right' },
            { key: 'peak', header: 'Busiest minute', align: 'right' },
          ]}
          rows={platform.streams.map((stream) => ({
            id: String(stream.id),
            stream: (
              <Link to={`/archive-chat/${platform.platform}/streams/${stream.id}`}>
                {stream.title || 'Untitled stream'}
              </Link>
            ),
            date: formatDateTime(stream.startedAt),
            messages: formatCount(stream.messages),
            chatters: formatCount(stream.chatters),
            peak: `${formatCount(stream.peakPerMinute)} / min`,
          }))}
          rowKey={(row) => row.id}
        />
      )}
    </section>
  );
}

export function Sponsorships({ data }: { data: CreatorAnalytics }) {
  const { sponsorships } = data;
  // Drawn in dollars, so that the axis counts whole dollars (a month without revenue reads $0 to $1, not $0 to $0).
  const revenue: ChartSeries = {
    title: 'Revenue',
    kind: 'bar',
    period: 'month',
    points: sponsorships.revenue.map((point) => ({ ...point, value: point.value === null ? null : point.value / 100 })),
    format: (dollars) => formatMoney(Math.round(dollars * 100)),
    short: (dollars) => `$${formatCompact(dollars)}`,
    wholeSteps: true,
  };
  return (
    <section aria-labelledby="sponsorships-title" className={s.section}>
      <h2 id="sponsorships-title" className={shared.sectionTitle}>
        Sponsorships
      </h2>
      <div className={s.sponsorshipGrid}>
        <Card as="section" gradient aria-labelledby="revenue-title" className={s.card}>
          <h3 id="revenue-title" className={shared.cardTitle}>
            Revenue per month
          </h3>
          <p className={s.headline}>
            <strong className={s.value}>{formatMoney(sponsorships.revenueCents)}</strong>{' '}
            <span className={shared.mutedOnGradient}>earned in {RANGE_LABELS[data.range]}</span>
          </p>
          <Chart series={revenue} id="revenue" />
          <p className={s.source}>What your completed sponsorships earned, from your Castbridge ledger.</p>
        </Card>
        <Card as="section" aria-labelledby="offers-title" className={s.offers}>
          <h3 id="offers-title" className={s.sectionTitle}>
            Offers on your overlay
          </h3>
          <dl className={s.stats}>
            <div>
              <dt>Active offers</dt>
              <dd>{formatCount(sponsorships.activeOffers)}</dd>
            </div>
            <div>
              <dt>Display minutes</dt>
              <dd>{formatCount(sponsorships.displayMinutes)}</dd>
            </div>
            <div>
              <dt>Impressions</dt>
              <dd>{formatCount(sponsorships.impressions)}</dd>
            </div>
          </dl>
          <Table
            caption={`Display minutes and impressions per offer in ${RANGE_LABELS[data.range]}`}
            columns={[
              { key: 'offer', header: 'Offer', wrap: true },
              { key: 'minutes', header: 'Display minutes', align: 'right' },
              { key: 'impressions', header: 'Impressions', align: 'right' },
            ]}
            rows={sponsorships.offers.map((offer) => ({
              id: offer.offerId,
              // The status beside the offer's name: three columns fit the card beside the revenue chart.
              offer: `${offer.brand}: ${offer.title} (${offer.status})`,
              minutes: `${formatCount(offer.displayMinutes)} of ${formatCount(offer.deliverableMinutes)}`,
              impressions: formatCount(offer.impressions),
            }))}
            rowKey={(row) => row.id}
            emptyMessage="No accepted offer yet: offers you accept show here with their display on your overlay."
          />
          <p className={s.hint}>
            Impressions are display minutes × the concurrent viewers sampled while the creative was shown.
          </p>
        </Card>
      </div>
    </section>
  );
}
