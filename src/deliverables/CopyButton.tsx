// Copy for a value shown once (a share link, a redemption key): "Copied" says it worked until the next copy.
import { useState } from 'react';
import { copyText } from '@/src/common/clipboard';
import { Button } from '@/src/ui/Button';

export function CopyButton({ text, what }: { text: string; what: string }) {
  // What the button says after a copy: display only, no flow (the value is the server's).
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={copied ? `${what} copied` : `Copy ${what}`}
      onClick={() => void copyText(text).then(() => setCopied(true))}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
