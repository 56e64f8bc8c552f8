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
  return (
    <>
      <ScreenHeading title="OBS Extension" />
      <Card as="section" gradient padding="lg" className={s.hero} aria-labelledby="obs-title">
        <div className={s.copy}>
          <h2 id="obs-title" className={s.title}>
            Sponsors on your stream, on your terms
          </h2>
          <p className={s.text}>
            The Castbridge extension for OBS adds a region to your scene where sponsors' ads, moving images or other
            live streams play. You decide where it sits and when it shows: switch it on and off at any time.
          </p>
          <ol className={s.points}>
            <li>Download Now and, in OBS, choose Scene Collection → Import, then pick the file.</li>
            <li>Or add a Browser source to any scene with the URL below, 1920 × 1080.</li>
            <li>
              Only offers you accepted are shown; the minutes they are on stream prove the sponsorship and pay you.
            </li>
          </ol>
          <div>
            <Button
              variant="light"
              size="lg"
              disabled={!ready}
              onClick={() => overlay.send({ type: 'overlay.download' })}
            >
              <Icon name="download" size={20} />
              Download Now
            </Button>
          </div>
        </div>
        <img
          src="/images/obs-extension.svg"
          alt="A streaming scene with a sponsor region in its lower corner"
          width={480}
          height={320}
          className={s.image}
        />
      </Card>
      <CountingPanel logic={statusLogic} />
      <LoadState
        loading={loading}
        error={loadError}
        what="overlay"
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
