import { SUPPORT_EMAIL } from '@/src/config';
import { Button } from '@/src/ui/Button';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import * as s from './ContactUs.css';

/** Contact Us (SPEC §2): the spec shows no submit call, so Send Message hands the message to the visitor's mail app. */
export function ContactUs() {
  return (
    <>
      <title>Contact Us — Castbridge</title>
      <section className={s.page} aria-labelledby="contact-title">
        <div className={s.intro}>
          <h1 id="contact-title" className={s.title}>
            Contact Us
          </h1>
          <p className={s.lead}>Questions about sponsorships, payouts or your account? Write to us and a person will answer.</p>
          <p className={s.address}>
            <Icon name="mail" size={20} />
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>
        <form
          className={s.form}
          aria-label="Contact form"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const body = `${data.get('message') ?? ''}\n\n${data.get('name') ?? ''} <${data.get('email') ?? ''}>`;
            const url = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(String(data.get('subject') ?? ''))}&body=${encodeURIComponent(body)}`;
            window.location.assign(url);
          }}
        >
          <div className={s.row}>
            <Field label="Name" name="name" autoComplete="name" />
            <Field label="Email" name="email" type="email" autoComplete="email" />
          </div>
          <Field label="Subject" name="subject" />
          <Field label="Message" name="message" multiline rows={6} />
          <div>
            <Button type="submit" size="lg">
              Send Message
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}
