import { SUPPORT_EMAIL } from '@/src/config';
import type { SupportFormLogic } from '@/src/support/supportForm';
import { Icon } from '@/src/ui/Icon';
import { SupportForm } from '@/src/support/SupportForm';
import { useMessages } from '@/src/i18n/i18n';
import { supportMessages } from './catalogue';
import * as s from './ContactUs.css';

/** Contact Us (docs/spec.md §2): the support form (a ticket, stored and e-mailed, docs/product.md §Accounts) and the support address. */
export function ContactUs({ logic }: { logic?: SupportFormLogic }) {
  const { t } = useMessages(supportMessages);
  return (
    <>
      <title>{t('contact.title')}</title>
      <section className={s.page} aria-labelledby="contact-title">
        <div className={s.intro}>
          <h1 id="contact-title" className={s.title}>
            {t('contact.heading')}
          </h1>
          <p className={s.lead}>{t('contact.lead')}</p>
          <p className={s.address}>
            <Icon name="mail" size={20} />
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>
        <SupportForm page="/contact-us" className={s.form} rowClassName={s.row} variant="primary" logic={logic} />
      </section>
    </>
  );
}
