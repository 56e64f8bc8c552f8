import { SUPPORT_EMAIL } from '@/src/config';
import type { SupportFormLogic } from '@/src/support/supportForm';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import { SupportForm } from '@/src/support/SupportForm';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { InLanguage } from '@/src/common/InLanguage';
import { useMessages } from '@/src/i18n/i18n';
import { supportMessages } from './catalogue';
import * as s from './HelpAndSupport.css';

/** Help and Support (docs/spec.md §2): the support form (a ticket, docs/product.md §Accounts) and the support address. */
export function HelpAndSupportScreen({ logic }: { logic?: SupportFormLogic }) {
  const { t, locale } = useMessages(supportMessages);
  return (
    // In the page's language inside the dashboard, which is English only so far.
    <InLanguage lang={locale}>
      <ScreenHeading title={t('help.heading')} />
      <div className={s.layout}>
        <Card as="section" gradient padding="lg" className={s.intro} aria-labelledby="support-title">
          <h2 id="support-title" className={s.introTitle}>
            {t('help.introTitle')}
          </h2>
          <p className={s.introText}>{t('help.introText')}</p>
          <p className={s.address}>
            <Icon name="mail" size={20} />
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </Card>
        <Card padding="lg">
          <SupportForm
            page="/help-and-support"
            className={s.form}
            rowClassName={s.row}
            variant="dashboard"
            logic={logic}
          />
        </Card>
      </div>
    </InLanguage>
  );
}
