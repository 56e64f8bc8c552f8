import { SOCIAL_LINKS } from '@/src/config';
import { Icon } from '@/src/ui/Icon';
import { Link } from 'react-router-dom';
import { Logo } from '@/src/common/Logo';
import { publicNav } from './PublicHeader';
import * as s from './PublicFooter.css';
import { useMessages } from '@/src/i18n/i18n';
import { publicMessages } from './catalogue';

export function PublicFooter() {
  const { t } = useMessages(publicMessages);
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.brand}>
          <Logo />
          <p className={s.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.nav')}>
          <ul className={s.links}>
            {publicNav.map((item) => (
              <li key={item.label}>
                {item.placeholder ? (
                  <a href={item.to} className={s.link}>
                    {t(item.label)}
                  </a>
                ) : (
                  <Link to={item.to} className={s.link}>
                    {t(item.label)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <ul className={s.social} aria-label={t('footer.social')}>
          {SOCIAL_LINKS.map((item) => (
            <li key={item.name}>
              <a
                className={s.socialLink}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('footer.socialLink', { network: item.name })}
              >
                <Icon name={item.icon} size={20} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className={s.bottom}>
        <p className={s.copyright}>{t('footer.copyright')}</p>
        <ul className={s.legal}>
          <li>
            <a href="/#" className={s.link}>
              {t('footer.terms')}
            </a>
          </li>
          <li>
            <a href="/#" className={s.link}>
              {t('footer.privacy')}
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
