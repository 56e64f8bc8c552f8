import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  OVERLAY_POSITIONS,
  OVERLAY_SIZES,
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
import { useMessages } from '@/src/i18n/i18n';
import { overlayMessages, type OverlayMessage } from './catalogue';

// The overlay's settings and preview (docs/product.md §The overlay for OBS), loaded just after the OBS Extension screen: its controls (Radix
// Select, Switch, AlertDialog) would take the route past its bundle budget. The statechart is already loading the
// settings meanwhile, so nothing waits on this code.

type OverlayRef = ActorRefFrom<OverlaySettingsLogic>;

const POSITIONS: Record<OverlayPosition, OverlayMessage> = {
  'top-left': 'position.top-left',
  'top-right': 'position.top-right',
  'bottom-left': 'position.bottom-left',
  'bottom-right': 'position.bottom-right',
};

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
  const { t } = useMessages(overlayMessages);
  return (
    <Card as="section" padding="md" aria-labelledby="overlay-preview-title" className={s.card}>
      <h2 id="overlay-preview-title" className={shared.cardTitle}>
        {t('preview.title')}
      </h2>
      <p className={s.muted}>{enabled ? t('preview.on') : t('preview.off')}</p>
      <div ref={box} className={s.previewBox}>
        <iframe
          title={t('preview.frame')}
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
  const { t } = useMessages(overlayMessages);
  return (
    <>
      <Card as="section" padding="md" aria-labelledby="overlay-settings-title" className={s.card}>
        <h2 id="overlay-settings-title" className={shared.cardTitle}>
          {t('settings.title')}
        </h2>
        <Switch
          label={t('settings.show')}
          description={t('settings.showText')}
          checked={settings.enabled}
          disabled={busy}
          onCheckedChange={(enabled) => overlay.send({ type: 'overlay.change', change: { enabled } })}
        />
        <div className={s.urlRow}>
          <Field
            label={t('settings.url')}
            name="overlay-url"
            readOnly
            value={revealed ? url : masked(url)}
            hint={t('settings.urlHint')}
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
              {revealed ? t('settings.hide') : t('settings.reveal')}
            </Button>
            <Button variant="secondary" onClick={() => overlay.send({ type: 'overlay.copy' })}>
              <Icon name="link" size={18} />
              {t('settings.copy')}
            </Button>
          </div>
        </div>
        <p className={s.status} role="status">
          {copied ? t('settings.copied') : ''}
        </p>
        <div className={s.choices}>
          <Select
            label={t('settings.position')}
            value={settings.position}
            disabled={busy}
            onValueChange={(value) =>
              overlay.send({ type: 'overlay.change', change: { position: value as OverlayPosition } })
            }
            options={OVERLAY_POSITIONS.map((value) => ({ value, label: t(POSITIONS[value]) }))}
          />
          <Select
            label={t('settings.size')}
            value={String(settings.size)}
            disabled={busy}
            onValueChange={(value) =>
              overlay.send({ type: 'overlay.change', change: { size: Number(value) as OverlaySize } })
            }
            options={OVERLAY_SIZES.map((value) => ({
              value: String(value),
              label: t('settings.sizeChoice', { size: value }),
            }))}
          />
          <Select
            label={t('settings.rotation')}
            value={String(settings.rotationSeconds)}
            disabled={busy}
            onValueChange={(value) =>
              overlay.send({ type: 'overlay.change', change: { rotationSeconds: Number(value) as RotationSeconds } })
            }
            options={ROTATION_CHOICES.map((value) => ({
              value: String(value),
              label: t('settings.rotationChoice', { seconds: value }),
            }))}
          />
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className={s.rotateRow}>
          <p className={s.muted}>{t('settings.rotateText')}</p>
          <Button variant="secondary" onClick={() => overlay.send({ type: 'rotate.ask' })} disabled={busy}>
            {t('settings.rotate')}
          </Button>
        </div>
      </Card>
      <Preview path={settings.path} enabled={settings.enabled} />
      <AlertDialog
        open={rotateOpen}
        onOpenChange={(open) => {
          if (!open) overlay.send({ type: 'rotate.dismiss' });
        }}
        title={t('rotate.title')}
        description={t('rotate.text')}
        cancelLabel={t('rotate.cancel')}
        actionLabel={t('rotate.confirm')}
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
