import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectNewsletterOpen } from '@/machines/public/newsletter.select';
import { inspect } from '@/src/app/inspect';
import { newsletterLogic, type NewsletterLogic } from '@/src/public/newsletter';
import { Button } from '@/src/ui/Button';
import { Icon, type IconName } from '@/src/ui/Icon';
import { Link } from 'react-router-dom';
import * as s from './Landing.css';

// The modal (and Radix Dialog with it) loads on Get Started, not with the landing page.
const NewsletterModal = lazy(() => import('./NewsletterModal').then((m) => ({ default: m.NewsletterModal })));

const features: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'layers',
    title: 'Stream overlay extension',
    text: 'Show ads, moving images or other live streams in a region of your stream. Switch it on and off whenever you like.',
  },
  {
    icon: 'offers',
    title: 'Sponsor matching',
    text: 'We match you with brands that fit your audience automatically. Every offer is yours to accept or decline — no obligation.',
  },
  {
    icon: 'archive',
    title: 'Chat archive',
    text: 'Your live chat is archived indefinitely, so the best moments with your community are never lost.',
  },
  {
    icon: 'chart',
    title: 'Data tracking',
    text: 'One dashboard for your growth and revenue across Twitch and YouTube, with earnings and payouts in one place.',
  },
];

const promises = [
  {
    title: 'Free help',
    text: 'Castbridge costs creators nothing. We are paid when brands sponsor streams, not by you.',
  },
  {
    title: 'No exploitive contracts',
    text: 'Plain terms, no lock-ins, no claims on your channel. Walk away whenever you want.',
  },
  {
    title: 'No fake sponsorships',
    text: 'Every advertiser is a real brand with a real budget, checked before they can send an offer.',
  },
];

/** The landing page (docs/spec.md §2); `logic` is the newsletter modal's. */
export function Landing({ logic = newsletterLogic }: { logic?: NewsletterLogic }) {
  const newsletter = useActorRef(logic, { inspect });
  const modalOpen = useSelector(newsletter, selectNewsletterOpen);

  return (
    <>
      <title>Castbridge — sponsorships for Twitch and YouTube creators</title>
      <section className={s.hero} aria-labelledby="hero-title">
        <div className={s.heroInner}>
          <div className={s.heroCopy}>
            <p className={s.eyebrow}>For Twitch and YouTube creators</p>
            <h1 id="hero-title" className={s.heroTitle}>
              Get sponsored for the streams you already make
            </h1>
            <p className={s.heroText}>
              Castbridge connects live-stream creators with brand sponsors. Free help, no exploitive contracts and no
              fake sponsorships — just offers that fit your channel.
            </p>
            <div className={s.heroActions}>
              <Button size="lg" variant="light" onClick={() => newsletter.send({ type: 'newsletter.open' })}>
                Get Started
              </Button>
              <Button asChild size="lg" variant="ghost" className={s.heroGhost}>
                <Link to="/register">Create a free account</Link>
              </Button>
            </div>
          </div>
          <img
            className={s.heroArt}
            src="/images/hero.svg"
            width={560}
            height={420}
            alt="A live stream showing a sponsor overlay, its archived chat and a growth chart"
            fetchPriority="high"
          />
        </div>
      </section>

      <section className={s.section} aria-labelledby="features-title">
        <div className={s.sectionInner}>
          <h2 id="features-title" className={s.sectionTitle}>
            Everything a creator needs to work with sponsors
          </h2>
          <p className={s.sectionLead}>Four tools, one account. Use the ones you need.</p>
          <ul className={s.features}>
            {features.map((feature) => (
              <li key={feature.title} className={s.feature}>
                <span className={s.featureIcon}>
                  <Icon name={feature.icon} size={26} />
                </span>
                <h3 className={s.featureTitle}>{feature.title}</h3>
                <p className={s.featureText}>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={s.pitch} aria-labelledby="pitch-title">
        <div className={s.sectionInner}>
          <h2 id="pitch-title" className={s.sectionTitle}>
            Sponsorships on your terms
          </h2>
          <ul className={s.promises}>
            {promises.map((promise) => (
              <li key={promise.title} className={s.promise}>
                <Icon name="check-circle" size={24} className={s.promiseIcon} />
                <div>
                  <h3 className={s.promiseTitle}>{promise.title}</h3>
                  <p className={s.promiseText}>{promise.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={s.cta} aria-labelledby="cta-title">
        <div className={s.ctaInner}>
          <h2 id="cta-title" className={s.ctaTitle}>
            Ready for your first sponsor?
          </h2>
          <p className={s.ctaText}>Create your account in a minute and connect your channels when you are ready.</p>
          <Button asChild size="lg" variant="light">
            <Link to="/register">Sign up free</Link>
          </Button>
        </div>
      </section>

      {modalOpen ? (
        <Suspense fallback={null}>
          <NewsletterModal actorRef={newsletter} />
        </Suspense>
      ) : null}
    </>
  );
}
