// /reports/:token (docs/product.md §Deliverables, "The brand's report"): the read-only report a brand shared, without
// signing in and without the dashboard; an unknown or revoked link says so plainly.
import { useMachine } from '@xstate/react';
import { useParams } from 'react-router-dom';
import {
  selectReport,
  selectReportError,
  selectReportFailed,
  selectReportGone,
  selectReportLoading,
  selectReportReady,
} from '@/machines/deliverables/campaignReport.select';
import { inspect } from '@/src/app/inspect';
import { LoadState } from '@/src/common/LoadState';
import { Logo } from '@/src/common/Logo';
import { useMessages } from '@/src/i18n/i18n';
import { reportMessages } from './reportCatalogue';
import { sharedReportLogic, type CampaignReportLogic } from './campaignReport';
import { ReportBody } from './ReportBody';
import * as s from './Report.css';

export function SharedReportScreen({ logic = sharedReportLogic }: { logic?: CampaignReportLogic }) {
  const { token = '' } = useParams();
  return <SharedReport key={token} token={token} logic={logic} />;
}

function SharedReport({ token, logic }: { token: string; logic: CampaignReportLogic }) {
  const [snapshot, send] = useMachine(logic, { input: { source: token }, inspect });
  const report = selectReport(snapshot);
  const gone = selectReportGone(snapshot);
  const { t } = useMessages(reportMessages);
  // The brand's name and the campaign's title as the advertiser wrote them.
  const title = gone
    ? t('report.unavailableTitle')
    : report
      ? `${report.campaign.brand}: ${report.campaign.title}`
      : t('report.title');
  return (
    <main className={s.page}>
      <title>{t('report.pageTitle', { title })}</title>
      <Logo tone="onLight" />
      {gone ? (
        <>
          <h1 className={s.pageTitle}>{t('report.gone')}</h1>
          <p className={s.muted}>{t('report.goneHint')}</p>
        </>
      ) : (
        <>
          <h1 className={s.pageTitle}>{title}</h1>
          {report ? <p className={s.muted}>{t('report.sharedBy', { brand: report.campaign.brand })}</p> : null}
          <LoadState
            loading={selectReportLoading(snapshot)}
            error={selectReportFailed(snapshot) ? (selectReportError(snapshot) ?? '') : null}
            what={t('report.loading')}
            onRetry={() => send({ type: 'report.retry' })}
          />
          {selectReportReady(snapshot) ? <ReportBody snapshot={snapshot} send={send} /> : null}
        </>
      )}
    </main>
  );
}
