import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import {
  selectOverlayLoadError,
  selectOverlayLoading,
  selectOverlayReady,
} from '@/machines/overlay/overlaySettings.select';
import { inspect } from '@/src/app/inspect';
import { useOverlaySettingsLogic, type OverlaySettingsLogic } from '@/src/overlay/overlaySettings';
import type { OverlayStatusLogic } from '@/src/overlay/overlayStatus';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import { LoadState } from '@/src/common/LoadState';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { CountingPanel } from './CountingPanel';
import * as s from './ObsExtension.css';
import { useMessages } from '@/src/i18n/i18n';
import { overlayMessages } from './catalogue';

const OverlaySettingsPanel = lazy(() =>
  import('./OverlaySettingsPanel').then((m) => ({ default: m.OverlaySettingsPanel })),
);

/**
 * OBS Extension (docs/spec.md §2; docs/product.md §The overlay for OBS): the heading, image and text, Download Now (the
 * OBS scene collection), whether the overlay is being counted now (docs/product.md §Verified delivery), and the
 * overlay's settings. `logic` and `statusLogic` (tests) replace the API actors.
 */
export function ObsExtensionScreen({
  logic,
  statusLogic,
}: {
  logic?: OverlaySettingsLogic;
  statusLogic?: OverlayStatusLogic;
}) {
  const overlay = useActorRef(useOverlaySettingsLogic(logic), { inspect });
  const loading = useSelector(overlay, selectOverlayLoading);
  const loadError = useSelector(overlay, selectOverlayLoadError);
  const ready = useSelector(overlay, selectOverlayReady);
  const { t } = useMessages(overlayMessages);
  return (
    <>
      <ScreenHeading title={t('obs.title')} />
      <Card as="section" gradient padding="lg" className={s.hero} aria-labelledby="obs-title">
        <div className={s.copy}>
          <h2 id="obs-title" className={s.title}>
            {t('obs.heroTitle')}
          </h2>
          <p className={s.text}>{t('obs.heroText')}</p>
          <ol className={s.points}>
            <li>{t('obs.stepImport')}</li>
            <li>{t('obs.stepBrowser')}</li>
            <li>{t('obs.stepPaid')}</li>
          </ol>
          <div>
            <Button
              variant="light"
              size="lg"
              disabled={!ready}
              onClick={() => overlay.send({ type: 'overlay.download' })}
            >
              <Icon name="download" size={20} />
              {t('obs.download')}
            </Button>
          </div>
        </div>
        <img src="/images/obs-extension.svg" alt={t('obs.imageAlt')} width={480} height={320} className={s.image} />
      </Card>
      <CountingPanel logic={statusLogic} />
      <LoadState
        loading={loading}
        error={loadError}
        what={t('obs.loading')}
        onRetry={() => overlay.send({ type: 'overlay.retry' })}
      />
      {ready ? (
        <div className={s.panels}>
          <Suspense fallback={null}>
            <OverlaySettingsPanel overlay={overlay} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
