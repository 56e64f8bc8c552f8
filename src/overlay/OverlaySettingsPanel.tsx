import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  OVERLAY_POSITIONS,
  OVERLAY_SIZES,
  POSITION_LABELS,
  ROTATION_CHOICES,
  type OverlayPosition,
  type OverlaySize,
  type RotationSeconds,
} from '@/contract/overlay';
import {
  selectCopied,
  selectOverlay,
  selectOverlayBusy,
  selectOverlayError,
  selectRevealed,
  selectRotateError,
  selectRotateOpen,
  selectRotating,
} from '@/machines/overlay/overlaySettings.select';
import { overlayUrl, type OverlaySettingsLogic } from '@/src/overlay/overlaySettings';
import { Alert } from '@/src/ui/Alert';
import { AlertDialog } from '@/src/ui/AlertDialog';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { Select } from '@/src/ui/Select';
import { Switch } from '@/src/ui/Switch';
import * as shared from '@/src/shell/dashboard.css';
import * as s from './ObsExtension.css';

// The overlay's settings and preview (docs/product.md §The overlay for OBS), loaded just after the OBS Extension screen: its controls (Radix
// Select, Switch, AlertDialog) would take the route past its bundle budget. The statechart is already loading the
// settings meanwhile, so nothing waits on this code.

type OverlayRef = ActorRefFrom<OverlaySettingsLogic>;

/** The URL with its token masked: it is a secret (anyone with it can show the overlay). */
const masked = (url: string) => url.replace(/\/overlay\/.+$/, '/overlay/' + '•'.repeat(12));

/** The overlay page in a frame scaled from 1920×1080 to the card's width; it never reports display (`?preview`). */
function Preview({ path, enabled }: { path: string; enabled: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.25);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setScale((entry?.contentRect.width ?? 480) / 1920));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Card as="section" padding="md" aria-labelledby="overlay-preview-title" className={s.card}>
      <h2 id="overlay-preview-title" className={shared.cardTitle}>
        Live preview
      </h2>
      <p className={s.muted}>
        {enabled
          ? 'What your overlay shows right now, on a 1920 × 1080 scene.'
          : 'The overlay is switched off: your stream shows nothing from Castbridge.'}
      </p>
      <div ref={box} className={s.previewBox}>
        <iframe
          title="Overlay preview"
          src={`${path}?preview=1`}
          className={s.previewFrame}
          style={{ transform: `scale(${scale})` }}
          tabIndex={-1}
        />
      </div>
    </Card>
  );
}

export function OverlaySettingsPanel({ overlay }: { overlay: OverlayRef }) {
  const settings = useSelector(overlay, selectOverlay)!;
  const busy = useSelector(overlay, selectOverlayBusy);
  const error = useSelector(overlay, selectOverlayError);
  const revealed = useSelector(overlay, selectRevealed);
  const copied = useSelector(overlay, selectCopied);
  const rotateOpen = useSelector(overlay, selectRotateOpen);
  const rotating = useSelector(overlay, selectRotating);
  const rotateError = useSelector(overlay, selectRotateError);
  const url = overlayUrl(settings.path);
  return (
    <>
      <Card as="section" padding="md" aria-labelledby="overlay-settings-title" className={s.card}>
        <h2 id="overlay-settings-title" className={shared.cardTitle}>
          Your overlay
        </h2>
        <Switch
          label="Show the overlay on stream"
          description="Switch it off and your stream shows nothing from Castbridge within a second; switch it on and your sponsors are back."
          checked={settings.enabled}
          disabled={busy}
          onCheckedChange={(enabled) => overlay.send({ type: 'overlay.change', change: { enabled } })}
        />
        <div className={s.urlRow}>
          <Field
            label="Browser source URL"
            name="overlay-url"
            readOnly
            value={revealed ? url : masked(url)}
            hint="Keep it secret: anyone with this URL can show your overlay."
            className={s.urlField}
            spellCheck={false}
          />
          <div className={s.urlButtons}>
            <Button
              variant="secondary"
              onClick={() => overlay.send({ type: 'overlay.reveal' })}
              aria-pressed={revealed}
            >
              <Icon name={revealed ? 'eye-off' : 'eye'} size={18} />
              {revealed ? 'Hide' : 'Show'}
            </Button>
            <Button variant="secondary" onClick={() => overlay.send({ type: 'overlay.copy' })}>
              <Icon name="link" size={18} />
              Copy
            </Button>
          </div>
        </div>
        <p className={s.status} role="status">
          {copied ? 'The URL is copied: paste it into the browser source in OBS.' : ''}
        </p>
        <div className={s.choices}>
          <Select
            label="Position"
            value={settings.position}
            disabled={busy}
            onValueChange={(value) =>
              overlay.send({ type: 'overlay.change', change: { position: value as OverlayPosition } })
            }
            options={OVERLAY_POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }))}
          />
          <Select
            label="Size"
            value={String(settings.size)}
            disabled={busy}
            onValueChange={(value) =>
              overlay.send({ type: 'overlay.change', change: { size: Number(value) as OverlaySize } })
            }
            options={OVERLAY_SIZES.map((value) => ({ value: String(value), label: `${value}% of the scene's width` }))}
          />
          <Select
            label="Each creative shows for"
            value={String(settings.rotationSeconds)}
            disabled={busy}
            onValueChange={(value) =>
              overlay.send({ type: 'overlay.change', change: { rotationSeconds: Number(value) as RotationSeconds } })
            }
            options={ROTATION_CHOICES.map((value) => ({ value: String(value), label: `${value} seconds` }))}
          />
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={s.rotateRow}>
          <p className={s.muted}>
            URL leaked, or shared by mistake? Make a new one: the old one stops working at once.
          </p>
          <Button variant="secondary" onClick={() => overlay.send({ type: 'rotate.ask' })} disabled={busy}>
            New URL
          </Button>
        </div>
      </Card>
      <Preview path={settings.path} enabled={settings.enabled} />
      <AlertDialog
        open={rotateOpen}
        onOpenChange={(open) => {
          if (!open) overlay.send({ type: 'rotate.dismiss' });
        }}
        title="Make a new overlay URL?"
        description="The current URL stops working at once: OBS shows nothing from Castbridge until you paste the new URL into the browser source (or download the scene collection again)."
        cancelLabel="No, Cancel"
        actionLabel="Yes, Make a New URL"
        tone="primary"
        busy={rotating}
        onCancel={() => overlay.send({ type: 'rotate.dismiss' })}
        onAction={() => overlay.send({ type: 'rotate.confirm' })}
      >
        {rotateError ? <Alert tone="error">{rotateError}</Alert> : null}
      </AlertDialog>
    </>
  );
}
