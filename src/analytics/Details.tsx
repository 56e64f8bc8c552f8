// The Analytics screen's tables (docs/product.md §Analytics): chat activity of the latest streams and the Sponsorships section. Loaded
// with the figures, apart from the cards (Analytics.tsx).
import type { CreatorAnalytics, PlatformAnalytics } from '@/contract';
import { PLATFORM_NAMES } from '@/contract/connections';
import { Card } from '@/src/ui/Card';
import { Link } from '@/src/ui/Link';
import { Table } from '@/src/ui/Table';
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import * as shared from '@/src/shell/dashboard.css';
import * as s from './Analytics.css';
import { analyticsMessages, RANGE_IDS } from './catalogue';
import { Chart, type ChartSeries } from './Chart';

export function ChatActivity({ platform }: { platform: PlatformAnalytics }) {
  const { t, locale } = useMessages(analyticsMessages);
  const f = formatsIn(locale);
  const name = PLATFORM_NAMES[platform.platform];
  return (
    <section aria-labelledby={`${platform.platform}-chat-title`} className={s.section}>
      <h3 id={`${platform.platform}-chat-title`} className={s.sectionTitle}>
        {t('chat.title')}
      </h3>
      {platform.streams.length === 0 ? (
        <p className={s.hint}>
          {t('chat.none')} <Link to="/archive-chat">{t('chat.archive')}</Link> {t('chat.noneRest')}
        </p>
      ) : (
        <Table
          caption={t('chat.caption', { name })}
          columns={[
            { key: 'stream', header: t('chat.stream') },
            { key: 'date', header: t('chat.date') },
            { key: 'messages', header: t('chat.messages'), align: 'right' },
            { key: 'chatters', header: t('chat.chatters'), align: 'right' },
            { key: 'peak', header: t('chat.peak'), align: 'right' },
          ]}
          rows={platform.streams.map((stream) => ({
            id: String(stream.id),
            stream: (
              <Link to={`/archive-chat/${platform.platform}/streams/${stream.id}`}>
                {stream.title || t('chat.untitled')}
              </Link>
            ),
            date: f.dateTime(stream.startedAt),
            messages: f.count(stream.messages),
            chatters: f.count(stream.chatters),
            peak: t('chat.perMinute', { count: f.count(stream.peakPerMinute) }),
          }))}
          rowKey={(row) => row.id}
        />
      )}
    </section>
  );
}

export function Sponsorships({ data }: { data: CreatorAnalytics }) {
  const { t, locale } = useMessages(analyticsMessages);
  const f = formatsIn(locale);
  const { sponsorships } = data;
  const range = t(RANGE_IDS[data.range]);
  // Drawn in dollars, so that the axis counts whole dollars (a month without revenue reads $0 to $1, not $0 to $0).
  const revenue: ChartSeries = {
    title: t('revenue'),
    kind: 'bar',
    period: 'month',
    points: sponsorships.revenue.map((point) => ({ ...point, value: point.value === null ? null : point.value / 100 })),
    format: (dollars) => f.money(Math.round(dollars * 100)),
    short: f.compactDollars,
    wholeSteps: true,
  };
  return (
    <section aria-labelledby="sponsorships-title" className={s.section}>
      <h2 id="sponsorships-title" className={shared.sectionTitle}>
        {t('sponsorships.title')}
      </h2>
      <div className={s.sponsorshipGrid}>
        <Card as="section" gradient aria-labelledby="revenue-title" className={s.card}>
          <h3 id="revenue-title" className={shared.cardTitle}>
            {t('revenue.title')}
          </h3>
          <p className={s.headline}>
            <strong className={s.value}>{f.money(sponsorships.revenueCents)}</strong>{' '}
            <span className={shared.mutedOnGradient}>{t('revenue.earned', { range })}</span>
          </p>
          <Chart series={revenue} id="revenue" />
          <p className={s.source}>{t('revenue.source')}</p>
        </Card>
        <Card as="section" aria-labelledby="offers-title" className={s.offers}>
          <h3 id="offers-title" className={s.sectionTitle}>
            {t('offers.title')}
          </h3>
          <dl className={s.stats}>
            <div>
              <dt>{t('offers.active')}</dt>
              <dd>{f.count(sponsorships.activeOffers)}</dd>
            </div>
            <div>
              <dt>{t('offers.minutes')}</dt>
              <dd>{f.count(sponsorships.displayMinutes)}</dd>
            </div>
            <div>
              <dt>{t('offers.impressions')}</dt>
              <dd>{f.count(sponsorships.impressions)}</dd>
            </div>
          </dl>
          <Table
            caption={t('offers.caption', { range })}
            columns={[
              { key: 'offer', header: t('offers.offer'), wrap: true },
              { key: 'minutes', header: t('offers.minutes'), align: 'right' },
              { key: 'impressions', header: t('offers.impressions'), align: 'right' },
            ]}
            rows={sponsorships.offers.map((offer) => ({
              id: offer.offerId,
              // The status beside the offer's name: three columns fit the card beside the revenue chart.
              offer: t('offers.row', { brand: offer.brand, title: offer.title, status: offer.status }),
              minutes: t('offers.shown', {
                shown: f.count(offer.displayMinutes),
                total: f.count(offer.deliverableMinutes),
              }),
              impressions: f.count(offer.impressions),
            }))}
            rowKey={(row) => row.id}
            emptyMessage={t('offers.empty')}
          />
          <p className={s.hint}>{t('offers.hint')}</p>
        </Card>
      </div>
    </section>
  );
}
