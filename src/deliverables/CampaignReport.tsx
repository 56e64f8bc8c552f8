// /campaigns/:id/report (docs/product.md §Deliverables, "The brand's report"): the campaign's report for its
// advertiser, per creator with the filter (?offerId=), its CSV and its share links.
import { useMachine } from '@xstate/react';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  selectReport,
  selectReportDownloading,
  selectReportError,
  selectReportFailed,
  selectReportGone,
  selectReportLoading,
  selectReportReady,
} from '@/machines/deliverables/campaignReport.select';
import { inspect } from '@/src/app/inspect';
import { LoadState } from '@/src/common/LoadState';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { Alert } from '@/src/ui/Alert';
import { Button } from '@/src/ui/Button';
import { Icon } from '@/src/ui/Icon';
import { useMessages } from '@/src/i18n/i18n';
import { campaignReportMessages } from './campaignReportCatalogue';
import { useCampaignReportLogic, type CampaignReportLogic } from './campaignReport';
import { ReportBody } from './ReportBody';
import { ReportShares } from './ReportShares';
import type { ReportSharesLogic } from './reportShares';
import * as s from './Report.css';

export interface CampaignReportLogics {
  report?: CampaignReportLogic;
  shares?: ReportSharesLogic;
}

export function CampaignReportScreen({ logic = {} }: { logic?: CampaignReportLogics }) {
  const { id = '' } = useParams();
  // The creator filter's first value from the address (a link from an offer card, say).
  const offerId = new URLSearchParams(useLocation().search).get('offerId');
  return <CampaignReport key={id} campaignId={id} offerId={offerId} logic={logic} />;
}

function CampaignReport({
  campaignId,
  offerId,
  logic,
}: {
  campaignId: string;
  offerId: string | null;
  logic: CampaignReportLogics;
}) {
  const [snapshot, send] = useMachine(useCampaignReportLogic(logic.report), {
    input: { source: campaignId, offerId },
    inspect,
  });
  const { t } = useMessages(campaignReportMessages);
  const report = selectReport(snapshot);
  const downloading = selectReportDownloading(snapshot);
  return (
    <div className={s.stack}>
      <ScreenHeading
        title={report ? t('reportScreen.titleOf', { title: report.campaign.title }) : t('reportScreen.title')}
      >
        <Button variant="secondary" asChild>
          <Link to={`/campaigns/${encodeURIComponent(campaignId)}`}>
            <Icon name="chevron-left" size={18} />
            {t('reportScreen.campaign')}
          </Link>
        </Button>
      </ScreenHeading>
      <LoadState
        loading={selectReportLoading(snapshot)}
        error={selectReportFailed(snapshot) ? (selectReportError(snapshot) ?? '') : null}
        what={t('reportScreen.loading')}
        onRetry={() => send({ type: 'report.retry' })}
      />
      {selectReportGone(snapshot) ? <Alert tone="error">{t('reportScreen.gone')}</Alert> : null}
      {selectReportReady(snapshot) ? (
        <>
          <ReportBody
            snapshot={snapshot}
            send={send}
            actions={
              <Button
                variant="secondary"
                disabled={downloading}
                aria-busy={downloading || undefined}
                onClick={() => send({ type: 'report.download' })}
              >
                <Icon name="download" size={18} />
                {t('reportScreen.download')}
              </Button>
            }
          />
          <ReportShares campaignId={campaignId} logic={logic.shares} />
        </>
      ) : null}
    </div>
  );
}
