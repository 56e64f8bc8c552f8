// What a creator reads on the OBS Extension screen for each reason the overlay is not counted (the English
// catalogue's words, src/overlay/messages/en.json): the screen tests assert what a person sees.
import type { CountingReason } from '@/contract/overlay';

export const COUNTING_REASON_TEXT: Record<CountingReason, string> = {
  switched_off: 'The overlay is switched off.',
  no_offer: 'No accepted sponsorship is running today, so there is nothing to show.',
  no_channel:
    'Connect your Twitch or YouTube channel in Connect Accounts: only a channel the platform confirms is live counts.',
  no_page: 'The overlay is not open in OBS. Add it as a Browser source (Download Now gives a scene with it).',
  browser: 'This is a browser tab, not OBS: a preview never counts toward pay.',
  not_program: 'The overlay’s scene is not on Program. Studio Mode preview and hidden sources do not count.',
  not_streaming: 'OBS is not streaming. Display counts only while you are live.',
  offline: 'Not verified: your channel was offline. The platform does not report your channel as live.',
  undisclosed:
    'Your stream is not disclosed as sponsored. Add #ad to your stream title (or turn on Branded Content on Twitch, paid promotion on YouTube).',
};
