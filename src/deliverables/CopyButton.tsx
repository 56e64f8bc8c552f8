// Copy for a value shown once (a share link, a redemption key): "Copied" says it worked until the next copy.
import { useState } from 'react';
import { copyText } from '@/src/common/clipboard';
import { useMessages } from '@/src/i18n/i18n';
import { campaignReportMessages } from './campaignReportCatalogue';
import { Button } from '@/src/ui/Button';

/** `what` is worded by the caller, in the screen's language ("share link"). */
export function CopyButton({ text, what }: { text: string; what: string }) {
  // What the button says after a copy: display only, no flow (the value is the server's).
  const [copied, setCopied] = useState(false);
  const { t } = useMessages(campaignReportMessages);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={copied ? t('copy.copiedLabel', { what }) : t('copy.copyLabel', { what })}
      onClick={() => void copyText(text).then(() => setCopied(true))}
    >
      {copied ? t('copy.copied') : t('copy.copy')}
    </Button>
  );
}
