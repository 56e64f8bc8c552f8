import { Link } from 'react-router-dom';
import * as s from './Logo.css';
import { useMessages } from '@/src/i18n/i18n';
import { commonMessages } from './catalogue';

/** The Castbridge mark and name; links home. */
export function Logo({ tone = 'onDark', to = '/' }: { tone?: 'onDark' | 'onLight'; to?: string }) {
  const { t } = useMessages(commonMessages);
  return (
    <Link to={to} className={s.logo[tone]} aria-label={t('logo.home')}>
      <svg className={s.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="#ff7a59" />
        <path d="M9 20.5a7 7 0 0 1 14 0" fill="none" stroke="#17133a" strokeWidth="2.6" strokeLinecap="round" />
        <path d="M12.5 20.5a3.5 3.5 0 0 1 7 0" fill="none" stroke="#17133a" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="16" cy="20.5" r="1.6" fill="#17133a" />
        <path d="M6 24h20" stroke="#17133a" strokeWidth="2.6" strokeLinecap="round" />
      </svg>
      <span className={s.name}>Castbridge</span>
    </Link>
  );
}
