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
import { useMessages } from '@/src/i18n/i18n';
import { publicMessages } from './catalogue';

/** /unsubscribe?token=… (docs/product.md §Accounts): the newsletter e-mail's link; no sign-in needed. */
export function Unsubscribe({ logic = unsubscribeLogic }: { logic?: UnsubscribeLogic }) {
  // The token from the query string (useSearchParams would pull react-router's form helpers into the entry chunk).
  const token = new URLSearchParams(useLocation().search).get('token');
  const flow = useActorRef(logic, { inspect, input: { token } });
  const working = useSelector(flow, selectUnsubscribeWorking);
  const done = useSelector(flow, selectUnsubscribed);
  const message = useSelector(flow, selectUnsubscribeMessage);
  const { t } = useMessages(publicMessages);
  return (
    <>
      <title>{t('unsubscribe.title')}</title>
      <section className={s.page} aria-labelledby="unsubscribe-title">
        <div className={s.intro}>
          <h1 id="unsubscribe-title" className={s.title}>
            {t('unsubscribe.heading')}
          </h1>
          {working ? (
            <p className={s.lead}>
              <Spinner label={t('unsubscribe.working')} /> {t('unsubscribe.workingText')}
            </p>
          ) : (
            <>
              <Alert tone={done ? 'success' : 'error'}>{message ?? t('unsubscribe.noToken')}</Alert>
              <p className={s.lead}>
                <Link to="/">{t('unsubscribe.home')}</Link>
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
