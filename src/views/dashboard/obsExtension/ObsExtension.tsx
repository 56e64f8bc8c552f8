import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Icon } from '@/src/ui/Icon';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './ObsExtension.css';

/** OBS Extension (SPEC §2): heading, image, text, and Download Now, which the spec gives no action. */
export function ObsExtensionScreen() {
  return (
    <>
      <ScreenHeading title="OBS Extension" />
      <Card as="section" gradient padding="lg" className={s.hero} aria-labelledby="obs-title">
        <div className={s.copy}>
          <h2 id="obs-title" className={s.title}>
            Sponsors on your stream, on your terms
          </h2>
          <p className={s.text}>
            The Castbridge extension for OBS adds a region to your scene where sponsors' ads, moving images or other live streams
            play. You decide where it sits and when it shows: switch it on and off at any time.
          </p>
          <ul className={s.points}>
            <li>Add it to any scene as a source.</li>
            <li>Only offers you accepted are shown.</li>
            <li>What it earns appears under Earnings.</li>
          </ul>
          <div>
            <Button variant="light" size="lg">
              <Icon name="download" size={20} />
              Download Now
            </Button>
          </div>
        </div>
        <img src="/images/obs-extension.svg" alt="A streaming scene with a sponsor region in its lower corner" width={480} height={320} className={s.image} />
      </Card>
    </>
  );
}
