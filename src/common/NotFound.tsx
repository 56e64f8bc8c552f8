import { Button } from '@/src/ui/Button';
import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import * as s from './NotFound.css';

export function NotFound() {
  return (
    <div className={s.page}>
      <title>Page not found — Castbridge</title>
      <header className={s.top}>
        <Logo />
      </header>
      <main id="main" className={s.main}>
        <p className={s.code}>404</p>
        <h1 className={s.title}>This page does not exist</h1>
        <p className={s.text}>The link may be broken, or the page may have moved.</p>
        <Button asChild size="lg" variant="light">
          <Link to="/">Go to the home page</Link>
        </Button>
      </main>
    </div>
  );
}
