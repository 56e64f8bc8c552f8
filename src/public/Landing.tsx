import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { selectNewsletterOpen } from '@/machines/public/newsletter.select';
import { inspect } from '@/src/app/inspect';
import { newsletterLogic, type NewsletterLogic } from '@/src/public/newsletter';
import { Button } from '@/src/ui/Button';
import { Icon, type IconName } from '@/src/ui/Icon';
import { Link } from 'react-router-dom';
import { useMessages } from '@/src/i18n/i18n';
import { publicMessages, type PublicMessage } from './catalogue';
import * as s from './Landing.css';

// The modal (and Radix Dialog with it) loads on Get Started, not with the landing page.
const NewsletterModal = lazy(() => import('./NewsletterModal').then((m) => ({ default: m.NewsletterModal })));

const features: { icon: IconName; title: PublicMessage; text: PublicMessage }[] = [
  { icon: 'layers', title: 'landing.overlayTitle', text: 'landing.overlayText' },
  { icon: 'offers', title: 'landing.matchingTitle', text: 'landing.matchingText' },
  { icon: 'archive', title: 'landing.archiveTitle', text: 'landing.archiveText' },
  { icon: 'chart', title: 'landing.trackingTitle', text: 'landing.trackingText' },
];

const promises: { title: PublicMessage; text: PublicMessage }[] = [
  { title: 'landing.freeTitle', text: 'landing.freeText' },
  { title: 'landing.contractsTitle', text: 'landing.contractsText' },
  { title: 'landing.fakeTitle', text: 'landing.fakeText' },
];

/** The landing page (docs/spec.md §2); `logic` is the newsletter modal's. */
export function Landing({ logic = newsletterLogic }: { logic?: NewsletterLogic }) {
  const newsletter = useActorRef(logic, { inspect });
  const modalOpen = useSelector(newsletter, selectNewsletterOpen);
  const { t } = useMessages(publicMessages);

  return (
    <>
      <title>{t('landing.title')}</title>
      <section className={s.hero} aria-labelledby="hero-title">
        <div className={s.heroInner}>
          <div className={s.heroCopy}>
            <p className={s.eyebrow}>{t('landing.eyebrow')}</p>
            <h1 id="hero-title" className={s.heroTitle}>
              {t('landing.heroTitle')}
            </h1>
            <p className={s.heroText}>{t('landing.heroText')}</p>
            <div className={s.heroActions}>
              <Button size="lg" variant="light" onClick={() => newsletter.send({ type: 'newsletter.open' })}>
                {t('landing.getStarted')}
              </Button>
              <Button asChild size="lg" variant="ghost" className={s.heroGhost}>
                <Link to="/register">{t('landing.createAccount')}</Link>
              </Button>
            </div>
          </div>
          <img
            className={s.heroArt}
            src="/images/hero.svg"
            width={560}
            height={420}
            alt={t('landing.heroArt')}
            fetchPriority="high"
          />
        </div>
      </section>

      <section className={s.section} aria-labelledby="features-title">
        <div className={s.sectionInner}>
          <h2 id="features-title" className={s.sectionTitle}>
            {t('landing.featuresTitle')}
          </h2>
          <p className={s.sectionLead}>{t('landing.featuresLead')}</p>
          <ul className={s.features}>
            {features.map((feature) => (
              <li key={feature.title} className={s.feature}>
                <span className={s.featureIcon}>
                  <Icon name={feature.icon} size={26} />
                </span>
                <h3 className={s.featureTitle}>{t(feature.title)}</h3>
                <p className={s.featureText}>{t(feature.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={s.pitch} aria-labelledby="pitch-title">
        <div className={s.sectionInner}>
          <h2 id="pitch-title" className={s.sectionTitle}>
            {t('landing.pitchTitle')}
          </h2>
          <ul className={s.promises}>
            {promises.map((promise) => (
              <li key={promise.title} className={s.promise}>
                <Icon name="check-circle" size={24} className={s.promiseIcon} />
                <div>
                  <h3 className={s.promiseTitle}>{t(promise.title)}</h3>
                  <p className={s.promiseText}>{t(promise.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={s.cta} aria-labelledby="cta-title">
        <div className={s.ctaInner}>
          <h2 id="cta-title" className={s.ctaTitle}>
            {t('landing.ctaTitle')}
          </h2>
          <p className={s.ctaText}>{t('landing.ctaText')}</p>
          <Button asChild size="lg" variant="light">
            <Link to="/register">{t('landing.ctaButton')}</Link>
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
