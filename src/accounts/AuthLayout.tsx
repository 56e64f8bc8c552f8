import type { ReactNode } from 'react';
import { Logo } from '@/src/common/Logo';
import * as s from './AuthLayout.css';

/** The centred card of the sign-in screens: login, register, complete-register, forgot-password. */
export function AuthLayout({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={s.page}>
      <header className={s.top}>
        <Logo />
      </header>
      <main id="main" className={s.main}>
        <section className={wide ? s.cardWide : s.card} aria-labelledby="auth-title">
          <h1 id="auth-title" className={s.title}>
            {title}
          </h1>
          {subtitle ? <p className={s.subtitle}>{subtitle}</p> : null}
          {children}
        </section>
      </main>
    </div>
  );
}
