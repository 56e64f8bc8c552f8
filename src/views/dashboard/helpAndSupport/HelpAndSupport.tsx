import { SUPPORT_EMAIL } from '@/src/config';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './HelpAndSupport.css';

/** Help and Support (SPEC §2): a contact form with no submit handler or validation in the spec, and the support address. */
export function HelpAndSupportScreen() {
  return (
    <>
      <ScreenHeading title="Help and Support" />
      <div className={s.layout}>
        <Card as="section" gradient padding="lg" className={s.intro} aria-labelledby="support-title">
          <h2 id="support-title" className={s.introTitle}>
            We are here to help
          </h2>
          <p className={s.introText}>Questions about offers, earnings or the OBS extension? Send us a message or write to us.</p>
          <p className={s.address}>
            <Icon name="mail" size={20} />
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </Card>
        <Card padding="lg">
          {/* The spec shows no submit handler: the form only keeps the page from reloading. */}
          <form className={s.form} aria-label="Support form" onSubmit={(event) => event.preventDefault()}>
            <div className={s.row}>
              <Field label="Name" name="name" autoComplete="name" />
              <Field label="Email" name="email" type="email" autoComplete="email" />
            </div>
            <Field label="Subject" name="subject" />
            <Field label="Message" name="message" multiline rows={6} />
            <div>
              <Button type="submit" variant="dashboard" size="lg">
                <Icon name="send" size={18} />
                Send Message
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </>
  );
}
