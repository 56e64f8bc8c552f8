import { useMachine } from '@xstate/react';
import { archiveChatMachine, type ChatPlatform } from '@/machines/archiveChat.machine';
import { selectArchiveForm, selectShowsVideos } from '@/machines/archiveChat.select';
import { inspect } from '@/src/app/inspect';
import { liveStreamVideos } from '@/src/sampleData';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { RadioGroup } from '@/src/ui/RadioGroup';
import { ScreenHeading } from '@/src/views/dashboard/ScreenHeading';
import * as s from './ArchiveChat.css';

/** Archive Chat (SPEC §2): platform, date, and the platform's three streams. The spec shows no action behind Archive Chat. */
export function ArchiveChatScreen() {
  const [snapshot, send] = useMachine(archiveChatMachine, { inspect });
  const { platform, date, videoId } = selectArchiveForm(snapshot);
  return (
    <>
      <ScreenHeading title="Archive Chat" />
      <Card as="section" padding="lg" className={s.panel} aria-label="Archive a live stream's chat">
        <p className={s.lead}>Keep the chat of a live stream for good: choose the platform, the day it streamed and the stream.</p>
        <form className={s.form} onSubmit={(event) => event.preventDefault()}>
          <RadioGroup
            label="Platform"
            name="platform"
            variant="cards"
            orientation="horizontal"
            value={platform ?? ''}
            onValueChange={(value) => send({ type: 'platform.select', platform: value as ChatPlatform })}
            options={[
              { value: 'twitch', label: 'Twitch', icon: <Icon name="twitch" size={22} /> },
              { value: 'youtube', label: 'Youtube', icon: <Icon name="youtube" size={22} /> },
            ]}
          />
          <Field
            label="Date of the streams"
            name="date"
            type="date"
            value={date}
            onChange={(event) => send({ type: 'date.change', value: event.target.value })}
            className={s.date}
          />
          {selectShowsVideos(snapshot) && platform ? (
            <RadioGroup
              label="Live stream"
              name="video"
              value={videoId ?? ''}
              onValueChange={(value) => send({ type: 'video.select', videoId: value })}
              options={liveStreamVideos[platform].map((video) => ({
                value: video.id,
                label: video.title,
                description: video.duration,
                icon: <Icon name="play" size={18} />,
              }))}
            />
          ) : (
            <p className={s.hint}>Choose a platform to see its live streams.</p>
          )}
          <div>
            <Button type="submit" variant="dashboard" size="lg">
              <Icon name="archive" size={20} />
              Archive Chat
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
