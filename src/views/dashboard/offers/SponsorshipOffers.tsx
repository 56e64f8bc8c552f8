import { useRef } from 'react';
import { sponsorshipOffers, type OfferCard } from '@/src/sampleData';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '@/src/ui/Tabs';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as shared from '@/src/views/dashboard/shared.css';
import * as s from './SponsorshipOffers.css';
import { scrollTabIntoView } from './scrollTabIntoView';

const tabs = [
  { value: 'newley', label: 'Newley Offers', offers: sponsorshipOffers.newley },
  { value: 'accepted', label: 'Accepted', offers: sponsorshipOffers.accepted },
  { value: 'requested', label: 'Requested More Information', offers: sponsorshipOffers.requested },
] as const;

/** One offer. Its buttons and link do nothing: the spec shows no action behind them (SPEC §2). */
function Offer({ offer }: { offer: OfferCard }) {
  const titleId = `offer-${offer.id}`;
  return (
    <Card as="li" gradient padding="sm" className={s.card}>
      <img src={offer.image} alt="" width={320} height={180} className={s.image} />
      <div className={s.body}>
        <h2 id={titleId} className={shared.cardTitle}>
          {offer.title}
        </h2>
        <p className={s.text}>{offer.text}</p>
      </div>
      <div className={s.actions}>
        <Button variant="light" size="sm">
          Accept
        </Button>
        <Button variant="secondary" size="sm" className={shared.ghostOnGradient}>
          Decline
        </Button>
        <button type="button" className={s.moreInfo}>
          Request More Information
        </button>
      </div>
    </Card>
  );
}

/** Sponsorship Offers (SPEC §2): static cards in three tabs; the strip scrolls to the chosen tab. */
export function SponsorshipOffersScreen() {
  const strip = useRef<HTMLDivElement>(null);
  return (
    <>
      <ScreenHeading title="Sponsorship Offers" />
      <TabsRoot defaultValue="newley" onValueChange={(value) => scrollTabIntoView(strip.current, value)}>
        <TabsList aria-label="Offers" scrollRef={strip}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} data-value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <ul className={s.grid} aria-label={tab.label}>
              {tab.offers.map((offer) => (
                <Offer key={offer.id} offer={offer} />
              ))}
            </ul>
          </TabsContent>
        ))}
      </TabsRoot>
    </>
  );
}
