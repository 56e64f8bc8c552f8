import { Button } from '@/src/ui/Button';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import * as s from './NotFound.css';
import { useMessages } from '@/src/i18n/i18n';
import { commonMessages } from './catalogue';

export function NotFound() {
  const { t } = useMessages(commonMessages);
  return (
    <div className={s.page}>
      <title>{t('notFound.title')}</title>
      <header className={s.top}>
        <Logo />
      </header>
      <main id="main" className={s.main}>
        <p className={s.code}>404</p>
        <h1 className={s.title}>{t('notFound.heading')}</h1>
        <p className={s.text}>{t('notFound.text')}</p>
        <Button asChild size="lg" variant="light">
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
      </main>
    </div>
  );
}
