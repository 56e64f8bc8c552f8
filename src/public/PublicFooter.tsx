import { SOCIAL_LINKS } from '@/src/config';
import { Icon } from '@/src/ui/Icon';
import { Link } from 'react-router-dom';
import { Logo } from '@/src/common/Logo';
import { publicNav } from './PublicHeader';
import * as s from './PublicFooter.css';

export function PublicFooter() {
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.brand}>
          <Logo />
          <p className={s.tagline}>Sponsorships for Twitch and YouTube creators, without the fine print.</p>
        </div>
        <nav aria-label="Footer">
          <ul className={s.links}>
            {publicNav.map((item) => (
              <li key={item.label}>
                {item.placeholder ? (
                  <a href={item.to} className={s.link}>
                    {item.label}
                  </a>
                ) : (
                  <Link to={item.to} className={s.link}>
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <ul className={s.social} aria-label="Castbridge on social media">
          {SOCIAL_LINKS.map((item) => (
            <li key={item.name}>
              <a
                className={s.socialLink}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Castbridge on ${item.name}`}
              >
                <Icon name={item.icon} size={20} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className={s.bottom}>
        <p className={s.copyright}>Copyright 2024 all rights reserved.</p>
        <ul className={s.legal}>
          <li>
            <a href="/#" className={s.link}>
              Terms of Services
            </a>
          </li>
          <li>
            <a href="/#" className={s.link}>
              Privacy Policy
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
