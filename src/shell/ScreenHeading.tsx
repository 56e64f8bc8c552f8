import type { ReactNode } from 'react';
import * as s from './ScreenHeading.css';
import { useMessages } from '@/src/i18n/i18n';
import { shellMessages } from './catalogue';

/** The title of a signed-in screen, also used as the document title. */
export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useMessages(shellMessages);
  return (
    <div className={s.heading}>
      <title>{t('heading.title', { title })}</title>
      <h1 className={s.title}>{title}</h1>
      {children}
    </div>
  );
}
