import { useMachine } from '@xstate/react';
import type { MediaKitFacts } from '@/contract';
import { HANDLE_MAX, HANDLE_MIN, mediaKitPath } from '@/contract/mediaKit';
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
import { formatsIn } from '@/src/common/format';
import { useMessages } from '@/src/i18n/i18n';
import type { Locale } from '@/src/i18n/locales';
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
import { marketplaceMessages, type MarketplaceMessage } from './catalogue';
import * as s from './MediaKit.css';

type Words = ReturnType<typeof useMessages<[typeof marketplaceMessages]>>['t'];

const NOTICES = {
  published: 'kit.published',
  unpublished: 'kit.unpublished',
  saved: 'kit.saved',
} as const satisfies Record<string, MarketplaceMessage>;

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
  const { t, locale } = useMessages(marketplaceMessages);
  const rule = t('kit.handleRule', { min: HANDLE_MIN, max: HANDLE_MAX });
  return (
    <div className={s.page}>
      <ScreenHeading title={t('kit.title')} />
      <LoadState
        loading={selectKitLoading(snapshot)}
        error={selectKitLoadError(snapshot)}
        what={t('kit.loading')}
        onRetry={() => send({ type: 'kit.retry' })}
      />
      {kit ? (
        <>
          <Card as="section" padding="md" aria-labelledby="media-kit-page" className={s.card}>
            <h2 id="media-kit-page" className={s.title}>
              {t('kit.page')}
            </h2>
            <p className={s.muted}>{t('kit.explain')}</p>
            <form
              className={s.handleRow}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'kit.save' });
              }}
            >
              <Field
                label={t('kit.handle')}
                name="handle"
                adornment="/c/"
                autoComplete="off"
                spellCheck={false}
                value={selectKitHandle(snapshot)}
                hint={selectKitHandleProblem(snapshot) ? undefined : rule}
                error={selectKitHandleProblem(snapshot) ? rule : undefined}
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
                {t('kit.save')}
              </Button>
            </form>
            <Switch
              label={t('kit.publish')}
              description={t('kit.publishHint')}
              checked={selectKitPublished(snapshot)}
              disabled={saving}
              onCheckedChange={(published) => send({ type: 'kit.publish', published })}
            />
            {refusal ? <Alert tone="error">{refusal}</Alert> : null}
            {notice ? <Alert tone="success">{t(NOTICES[notice])}</Alert> : null}
            {live ? (
              <div>
                <div className={s.urlRow}>
                  <span className={s.url} data-testid="media-kit-url">
                    {mediaKitUrl(live)}
                  </span>
                  <Button variant="secondary" onClick={() => send({ type: 'url.copy' })}>
                    <Icon name="link" size={18} />
                    {t('kit.copy')}
                  </Button>
                  <ExternalLink href={mediaKitPath(live)}>
                    {t('kit.open')} <Icon name="external" size={16} />
                  </ExternalLink>
                </div>
                <p className={s.copied} role="status">
                  {selectKitCopied(snapshot) ? t('kit.copied') : ''}
                </p>
              </div>
            ) : (
              <p className={s.muted}>{t('kit.notPublished')}</p>
            )}
          </Card>
          <Preview facts={kit.facts} handle={live ?? selectKitHandle(snapshot)} t={t} locale={locale} />
        </>
      ) : null}
    </div>
  );
}

/** What brands see: the public page's facts, laid out as the page lays them out. */
function Preview({ facts, handle, t, locale }: { facts: MediaKitFacts; handle: string; t: Words; locale: Locale }) {
  const f = formatsIn(locale);
  const count = (value: number | null) => (value === null ? '—' : f.count(value));
  const chips = [facts.category, facts.language, facts.country].filter((chip): chip is string => Boolean(chip));
  const stats: [string, string][] = [
    [count(facts.followers), t('kit.followers')],
    [count(facts.avgViewers), t('kit.avgViewers')],
    [count(facts.completed), t('kit.completed')],
    [facts.deliveryRate === null ? '—' : t('kit.percent', { value: facts.deliveryRate }), t('kit.deliveryRate')],
  ];
  return (
    <Card as="section" padding="md" aria-labelledby="media-kit-preview" className={s.card}>
      <h2 id="media-kit-preview" className={s.title}>
        {t('kit.preview')}
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
            <ul className={s.chips} aria-label={t('kit.chips')}>
              {chips.map((chip) => (
                <li key={chip}>{chip}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <ul className={s.stats} aria-label={t('kit.figures')}>
        {stats.map(([value, label]) => (
          <li key={label} className={s.stat}>
            <span className={s.statValue}>{value}</span>
            <span className={s.statLabel}>{label}</span>
          </li>
        ))}
      </ul>
      <h3 className={s.subTitle}>{t('kit.channels')}</h3>
      {facts.channels.length === 0 ? (
        <p className={s.muted}>{t('kit.noChannel')}</p>
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
                  ? t('kit.channelFollowersNone')
                  : t('kit.channelFollowers', { count: channel.followers })}{' '}
                ·{' '}
                {channel.avgViewers === null
                  ? t('kit.channelViewersNone')
                  : t('kit.channelViewers', { count: channel.avgViewers })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {facts.audienceCountries.length > 0 ? (
        <>
          <h3 className={s.subTitle}>{t('kit.audience')}</h3>
          <p className={s.muted}>
            {facts.audienceCountries.map((entry) => `${entry.country} ${Math.round(entry.share)}%`).join(' · ')}
          </p>
        </>
      ) : null}
      {facts.about ? (
        <>
          <h3 className={s.subTitle}>{t('kit.about')}</h3>
          <p className={s.about}>{facts.about}</p>
        </>
      ) : null}
    </Card>
  );
}
