// What a person reads in the campaign editor for each problem its flow holds (the English catalogue's words,
// src/marketplace/messages/campaignEditor.en.json): the screen tests assert what a person sees.
import { formatCents } from '@/contract/cents';
import type { CampaignEditorError, CampaignProblem } from '@/machines/marketplace/campaignEditor.machine';

const n = (value: number) => value.toLocaleString('en-US');
/** "$1.00": a limit written with its cents. */
const withCents = (cents: number) => `$${n(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;

/** A field's check in English; undefined for none. */
export function problemInEnglish(problem: CampaignProblem | undefined): string | undefined {
  if (!problem) return undefined;
  switch (problem.id) {
    case 'server':
      return problem.text;
    case 'required':
      return 'Este campo es obligatorio';
    case 'tooLong':
      return `Keep it under ${n(problem.max)} characters.`;
    case 'payFormat':
      return 'Enter the pay in dollars, e.g. 250 or 250.50.';
    case 'payMin':
      return `The pay must be at least ${withCents(problem.minCents)}.`;
    case 'payMax':
      return `The pay must be at most ${formatCents(problem.maxCents)}.`;
    case 'spots':
      return `Enter a whole number from 1 to ${n(problem.max)}.`;
    case 'minutes':
      return `Enter a whole number of minutes from 1 to ${n(problem.max)}.`;
    case 'viewers':
      return `Enter a whole number up to ${n(problem.max)}, or leave it empty.`;
    case 'day':
      return 'Enter a date (YYYY-MM-DD).';
    case 'endsBeforeStart':
      return 'The window must not end before it starts.';
    case 'keywords':
      return `Use at most ${n(problem.max)} keywords.`;
    case 'keyword':
      return `Keep each keyword under ${n(problem.max)} characters.`;
    case 'image':
      return 'Choose an image file (PNG, JPEG, WebP or GIF).';
    case 'deliverables':
      return 'Choose at least one deliverable.';
    case 'perClickNeedsLink':
      return 'Pay per click counts the tracked link’s clicks: choose Tracked link as well.';
    case 'linkUrl':
      return 'Enter a web address starting with https://';
    case 'linkClicks':
      return `Enter a whole number of clicks from 1 to ${n(problem.max)}.`;
    case 'chatEvery':
      return `Enter a whole number of minutes from ${n(problem.min)} to ${n(problem.max)}.`;
    case 'chatCommand':
      return `Use letters, digits or _ (at most ${n(problem.max)}), e.g. nova.`;
    case 'chatPosts':
      return `Enter a whole number of posts from 1 to ${n(problem.max)}.`;
    case 'promoRedemptions':
      return `Enter a whole number of redemptions from 1 to ${n(problem.max)}.`;
    case 'perClickFormat':
      return 'Enter the pay per click in dollars, e.g. 0.25.';
    case 'perClickRange':
      return `The pay per click must be from ${withCents(problem.minCents)} to ${withCents(problem.maxCents)}.`;
  }
}

/** What went wrong beyond the fields, in English: the server's words, or the image refused with its reason. */
export function editorErrorInEnglish(error: CampaignEditorError | null): string | null {
  if (!error) return null;
  return error.id === 'server' ? error.text : `The campaign was saved, but the image was refused: ${error.reason}`;
}
