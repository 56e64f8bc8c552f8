import type { ReactNode } from 'react';
import * as s from './ScreenHeading.css';

/** The title of a signed-in screen, also used as the document title. */
export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={s.heading}>
      <title>{`${title} — Castbridge`}</title>
      <h1 className={s.title}>{title}</h1>
      {children}
    </div>
  );
}
