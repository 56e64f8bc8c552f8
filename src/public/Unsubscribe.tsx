import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'react-router-dom';
import {
  selectUnsubscribed,
  selectUnsubscribeMessage,
  selectUnsubscribeWorking,
} from '@/machines/public/unsubscribe.select';
import { inspect } from '@/src/app/inspect';
import { unsubscribeLogic, type UnsubscribeLogic } from '@/src/public/unsubscribe';
import { Alert } from '@/src/ui/Alert';
import { Link } from '@/src/ui/Link';
import { Spinner } from '@/src/ui/Spinner';
import * as s from '../support/ContactUs.css';

/** /unsubscribe?token=… (docs/product.md §Accounts): the newsletter e-mail's link; no sign-in needed. */
export function Unsubscribe({ logic = unsubscribeLogic }: { logic?: UnsubscribeLogic }) {
  // The token from the query string (useSearchParams would pull react-router's form helpers into the entry chunk).
  const token = new URLSearchParams(useLocation().search).get('token');
  const flow = useActorRef(logic, { inspect, input: { token } });
  const working = useSelector(flow, selectUnsubscribeWorking);
  const done = useSelector(flow, selectUnsubscribed);
  const message = useSelector(flow, selectUnsubscribeMessage);
  return (
    <>
      <title>Unsubscribe — Castbridge</title>
      <section className={s.page} aria-labelledby="unsubscribe-title">
        <div className={s.intro}>
          <h1 id="unsubscribe-title" className={s.title}>
            Newsletter
          </h1>
          {working ? (
            <p className={s.lead}>
              <Spinner label="Unsubscribing" /> Unsubscribing…
            </p>
          ) : (
            <>
              <Alert tone={done ? 'success' : 'error'}>
                {message ?? 'This page needs the unsubscribe link from one of our e-mails.'}
              </Alert>
              <p className={s.lead}>
                <Link to="/">Go to the home page</Link>
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
