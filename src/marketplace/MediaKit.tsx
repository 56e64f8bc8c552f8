import { useMachine } from '@xstate/react';
import type { MediaKitFacts } from '@/contract';
import { HANDLE_RULE, mediaKitPath } from '@/contract/mediaKit';
import {
  selectKit,
  selectKitCopied,
  selectKitHandle,
  selectKitHandleProblem,
  selectKitLiveHandle,
  selectKitLoadError,
  selectKitLoading,
  selectKitNotice,
  selectKitPublished,
  selectKitRefusal,
  selectKitSaving,
} from '@/machines/marketplace/mediaKit.select';
import { inspect } from '@/src/app/inspect';
import { apiUrl } from '@/src/config';
import { formatCount } from '@/src/common/format';
import { LoadState } from '@/src/common/LoadState';
import { mediaKitUrl, useMediaKitLogic, type MediaKitLogic } from '@/src/marketplace/mediaKit';
import { DEFAULT_AVATAR } from '@/src/shell/ProfileTrigger';
import { ScreenHeading } from '@/src/shell/ScreenHeading';
import { Alert } from '@/src/ui/Alert';
import { Avatar } from '@/src/ui/Avatar';
import { Button } from '@/src/ui/Button';
import { Card } from '@/src/ui/Card';
import { Field } from '@/src/ui/Field';
import { Icon } from '@/src/ui/Icon';
import { ExternalLink } from '@/src/ui/Link';
import { Switch } from '@/src/ui/Switch';
import * as s from './MediaKit.css';

const NOTICES = {
  published: 'Your media kit is published: brands find you in search and can open your page.',
  unpublished: 'Your media kit is unpublished: the page and your listing in brand search are gone.',
  saved: 'Saved.',
} as const;

/**
 * Media kit (docs/product.md §Discovery and negotiation): the creator's public page /c/<handle> — its handle, the Publish switch
 * (off by default), its address with Copy and Open once published, and a preview of what brands see. `logic` (tests)
 * replaces the API actors.
 */
export function MediaKitScreen({ logic }: { logic?: MediaKitLogic }) {
  const [snapshot, send] = useMachine(useMediaKitLogic(logic), { inspect });
  const kit = selectKit(snapshot);
  const saving = selectKitSaving(snapshot);
  const refusal = selectKitRefusal(snapshot);
  const notice = selectKitNotice(snapshot);
  const live = selectKitLiveHandle(snapshot);
  return (
    <div className={s.page}>
      <ScreenHeading title="Media kit" />
      <LoadState
        loading={selectKitLoading(snapshot)}
        error={selectKitLoadError(snapshot)}
        what="media kit"
        onRetry={() => send({ type: 'kit.retry' })}
      />
      {kit ? (
        <>
          <Card as="section" padding="md" aria-labelledby="media-kit-page" className={s.card}>
            <h2 id="media-kit-page" className={s.title}>
              Your public page
            </h2>
            <p className={s.muted}>
              Brands looking for creators see your channels, platform-verified followers and average live viewers,
              category, language, completed sponsorships and delivery rate — never your e-mail, address, birth date or
              earnings. It is off until you publish it.
            </p>
            <form
              className={s.handleRow}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'kit.save' });
              }}
            >
              <Field
                label="Handle"
                name="handle"
                adornment="/c/"
                autoComplete="off"
                spellCheck={false}
                value={selectKitHandle(snapshot)}
                hint={selectKitHandleProblem(snapshot) ? undefined : HANDLE_RULE}
                error={selectKitHandleProblem(snapshot) ?? undefined}
                disabled={saving}
                onChange={(event) => send({ type: 'handle.change', value: event.target.value })}
              />
              <Button
                type="submit"
                variant="secondary"
                className={s.handleButton}
                disabled={saving}
                aria-busy={saving || undefined}
              >
                Save handle
              </Button>
            </form>
            <Switch
              label="Publish my media kit"
              description="While it is on, your page is public and brands find you in search; switch it off and both are gone at once."
              checked={selectKitPublished(snapshot)}
              disabled={saving}
              onCheckedChange={(published) => send({ type: 'kit.publish', published })}
            />
            {refusal ? <Alert tone="error">{refusal}</Alert> : null}
            {notice ? <Alert tone="success">{NOTICES[notice]}</Alert> : null}
            {live ? (
              <div>
                <div className={s.urlRow}>
                  <span className={s.url} data-testid="media-kit-url">
                    {mediaKitUrl(live)}
                  </span>
                  <Button variant="secondary" onClick={() => send({ type: 'url.copy' })}>
                    <Icon name="link" size={18} />
                    Copy link
                  </Button>
                  <ExternalLink href={mediaKitPath(live)}>
                    Open page <Icon name="external" size={16} />
                  </ExternalLink>
                </div>
                <p className={s.copied} role="status">
                  {selectKitCopied(snapshot) ? 'Link copied.' : ''}
                </p>
              </div>
            ) : (
              <p className={s.muted}>Not published: nobody but you sees this page.</p>
            )}
          </Card>
          <Preview facts={kit.facts} handle={live ?? selectKitHandle(snapshot)} />
        </>
      ) : null}
    </div>
  );
}

const count = (value: number | null, none = '—') => (value === null ? none : formatCount(value));

/** What brands see: the public page's facts, laid out as the page lays them out. */
function Preview({ facts, handle }: { facts: MediaKitFacts; handle: string }) {
  const chips = [facts.category, facts.language, facts.country].filter((chip): chip is string => Boolean(chip));
  const stats: [string, string][] = [
    [count(facts.followers), 'Followers, platform-verified'],
    [count(facts.avgViewers), 'Average live viewers'],
    [count(facts.completed), 'Sponsorships completed'],
    [facts.deliveryRate === null ? '—' : `${facts.deliveryRate}%`, 'Verified delivery rate'],
  ];
  return (
    <Card as="section" padding="md" aria-labelledby="media-kit-preview" className={s.card}>
      <h2 id="media-kit-preview" className={s.title}>
        What brands see
      </h2>
      <div className={s.hero}>
        <Avatar
          src={facts.image ? apiUrl(facts.image) : DEFAULT_AVATAR}
          alt=""
          fallback={facts.displayName.slice(0, 2)}
          size="xl"
        />
        <div>
          <p className={s.name}>{facts.displayName}</p>
          <p className={s.handle}>@{handle}</p>
          {chips.length > 0 ? (
            <ul className={s.chips} aria-label="Category, language and country">
              {chips.map((chip) => (
                <li key={chip}>{chip}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <ul className={s.stats} aria-label="Figures">
        {stats.map(([value, label]) => (
          <li key={label} className={s.stat}>
            <span className={s.statValue}>{value}</span>
            <span className={s.statLabel}>{label}</span>
          </li>
        ))}
      </ul>
      <h3 className={s.subTitle}>Channels</h3>
      {facts.channels.length === 0 ? (
        <p className={s.muted}>No channel connected yet: connect Twitch or YouTube in Connect Accounts.</p>
      ) : (
        <ul className={s.channels}>
          {facts.channels.map((channel) => (
            <li key={channel.url} className={s.channel}>
              <span className={s.channelName}>
                <Icon name={channel.platform === 'Twitch' ? 'twitch' : 'youtube'} size={18} />
                {channel.name}
              </span>
              <span className={s.muted}>
                {channel.followers === null
                  ? 'Followers not measured yet'
                  : `${formatCount(channel.followers)} followers`}{' '}
                ·{' '}
                {channel.avgViewers === null
                  ? 'live viewers not measured yet'
                  : `${formatCount(channel.avgViewers)} average live viewers`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {facts.audienceCountries.length > 0 ? (
        <>
          <h3 className={s.subTitle}>Audience countries</h3>
          <p className={s.muted}>
            {facts.audienceCountries.map((entry) => `${entry.country} ${Math.round(entry.share)}%`).join(' · ')}
          </p>
        </>
      ) : null}
      {facts.about ? (
        <>
          <h3 className={s.subTitle}>About</h3>
          <p className={s.about}>{facts.about}</p>
        </>
      ) : null}
    </Card>
  );
}
