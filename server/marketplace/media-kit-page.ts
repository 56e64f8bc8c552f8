// The public media kit page /c/<handle> (docs/product.md §Discovery and negotiation), rendered on the server at each request
// from the creator's listed directory row (./directory.ts): the public name and handle, channels with their
// platform-verified followers and average live viewers, category, language, audience countries where a platform gives
// them, completed sponsorships and the delivery rate, with the Open Graph and Twitter tags link previews read. Nothing
// private is in the row, so nothing private can reach the page. Every text a user wrote is escaped. Styled like the
// product (src/theme/theme.css.ts colours, the bundled Inter font served at /c/-/inter.woff2): no external request.
import { DEFAULT_LOCALE, intlLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../contract/locales.ts';
import type { MediaKitFacts } from '../../contract/schemas/mediaKit.ts';
import { defineTexts } from '../http/texts.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML content and double- or single-quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** The bundled image link previews show (public/images/media-kit-card.jpg). */
export const OG_IMAGE_PATH = '/images/media-kit-card.jpg';
export const FONT_PATH = '/c/-/inter.woff2';
const DEFAULT_AVATAR = '/images/default-avatar.svg';
const DESCRIPTION_MAX = 200;

// The page's words in the creator's language (the reader may switch: ?lang=); what the creator wrote, names and
// countries stay as they are.
const say = defineTexts('mediaKitPage', {
  title: { en: '{name} (@{handle}) · Media kit · Castbridge', 'es-MX': '{name} (@{handle}) · Media kit · Castbridge' },
  imageAlt: { en: 'Castbridge media kit', 'es-MX': 'Media kit de Castbridge' },
  streamsOn: { en: '{name} streams on {platforms}', 'es-MX': '{name} transmite en {platforms}' },
  and: { en: ' and ', 'es-MX': ' y ' },
  onCastbridge: { en: '{name} on Castbridge', 'es-MX': '{name} en Castbridge' },
  followers: {
    en: '{count, plural, one {# follower} other {# followers}}',
    'es-MX': '{count, plural, one {# seguidor} other {# seguidores}}',
  },
  avgViewers: {
    en: '{count, plural, one {# average live viewer} other {# average live viewers}}',
    'es-MX': '{count, plural, one {# espectador en vivo en promedio} other {# espectadores en vivo en promedio}}',
  },
  completedCount: {
    en: '{count, plural, one {# sponsorship completed} other {# sponsorships completed}}',
    'es-MX': '{count, plural, one {# patrocinio completado} other {# patrocinios completados}}',
  },
  statFollowers: { en: 'Followers, platform-verified', 'es-MX': 'Seguidores, verificados por la plataforma' },
  statViewers: { en: 'Average live viewers', 'es-MX': 'Promedio de espectadores en vivo' },
  statCompleted: { en: 'Sponsorships completed', 'es-MX': 'Patrocinios completados' },
  statRate: { en: 'Verified delivery rate', 'es-MX': 'Tasa de entrega verificada' },
  noChannel: { en: 'No channel connected yet.', 'es-MX': 'Todavía no hay canales conectados.' },
  followersNone: { en: 'Followers not measured yet', 'es-MX': 'Seguidores aún sin medir' },
  viewersNone: { en: 'live viewers not measured yet', 'es-MX': 'espectadores en vivo aún sin medir' },
  audience: { en: 'Audience countries', 'es-MX': 'Países de la audiencia' },
  chips: { en: 'Category, language and country', 'es-MX': 'Categoría, idioma y país' },
  figures: { en: 'Figures', 'es-MX': 'Cifras' },
  channels: { en: 'Channels', 'es-MX': 'Canales' },
  about: { en: 'About', 'es-MX': 'Acerca de' },
  rateNote: {
    en: 'The delivery rate counts sponsorships whose campaign ended: delivered out of delivered and undelivered. Followers and viewers come from the platforms through the creator’s connected accounts.',
    'es-MX':
      'La tasa de entrega cuenta los patrocinios cuya campaña terminó: los entregados entre los entregados y los no entregados. Los seguidores y espectadores vienen de las plataformas, a través de las cuentas conectadas del creador.',
  },
  footer: {
    en: 'Media kit on Castbridge · figures updated {date}',
    'es-MX': 'Media kit en Castbridge · cifras actualizadas el {date}',
  },
  languages: { en: 'Language', 'es-MX': 'Idioma' },
  missingTitle: { en: 'Media kit not found · Castbridge', 'es-MX': 'Media kit no encontrado · Castbridge' },
  missingHeading: { en: 'Media kit not found', 'es-MX': 'Media kit no encontrado' },
  missingText: {
    en: 'This media kit does not exist or is not published.',
    'es-MX': 'Este media kit no existe o no está publicado.',
  },
  missingHome: { en: 'Go to Castbridge', 'es-MX': 'Ir a Castbridge' },
});

const numbers = new Map(LOCALES.map((locale) => [locale, new Intl.NumberFormat(intlLocale(locale))]));
const numberIn = (locale: Locale, value: number) => numbers.get(locale)!.format(value);
const days = new Map(
  LOCALES.map((locale) => [
    locale,
    new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }),
  ]),
);
/** "Nov 30, 2026", "30 nov 2026": the day the figures were updated, on the UTC clock. */
const dayIn = (locale: Locale, date: Date) => days.get(locale)!.format(date);

// The product's palette (src/theme/theme.css.ts).
const STYLE = `
@font-face{font-family:"Inter Variable";font-style:normal;font-display:swap;font-weight:100 900;src:url(${FONT_PATH}) format("woff2-variations"),url(${FONT_PATH}) format("woff2")}
*{box-sizing:border-box}
body{margin:0;background:#f6f5fb;color:#17133a;font-family:"Inter Variable",Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
a{color:#4b32c3}
a:focus-visible{outline:3px solid #c2410c;outline-offset:2px;border-radius:4px}
.top{background:#0f1033;color:#fff;padding:12px 24px}
.top a{color:#fff;text-decoration:none;display:inline-flex;align-items:center;gap:10px;font-weight:700;font-size:1.125rem}
.top svg{width:32px;height:32px}
main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
.hero{background:radial-gradient(ellipse 70% 60% at 85% 10%,rgba(91,63,217,.55) 0%,rgba(91,63,217,0) 70%),linear-gradient(160deg,#0f1033 0%,#1c1760 60%,#3a1f8f 100%);color:#fff;border-radius:24px;padding:32px 24px;display:flex;gap:24px;align-items:center;flex-wrap:wrap}
.hero img{width:96px;height:96px;border-radius:50%;object-fit:cover;border:3px solid #c9c4f0;background:#ece8fd}
.hero h1{margin:0;font-size:clamp(1.5rem,3vw + 1rem,2.25rem);line-height:1.2}
.handle{margin:4px 0 12px;color:#c9c4f0}
.chips{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.chips li{background:rgba(255,255,255,.14);border-radius:999px;padding:4px 12px;font-size:.875rem}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:16px;margin:24px 0;padding:0;list-style:none}
.stats li,.card{background:#fff;border-radius:16px;box-shadow:0 2px 4px rgba(23,19,58,.04),0 8px 20px rgba(23,19,58,.08);padding:20px}
.stats strong{display:block;font-size:clamp(1.5rem,4vw + .5rem,2rem);line-height:1.2;overflow-wrap:anywhere}
.stats span{color:#5a5778;font-size:.875rem}
h2{font-size:1.25rem;margin:0 0 12px}
.card{margin-bottom:16px}
.channels{list-style:none;margin:0;padding:0}
.channels li{display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap;padding:12px 0;border-top:1px solid #dcd8ec}
.channels li:first-child{border-top:0;padding-top:0}
.platform{display:inline-block;font-size:.75rem;font-weight:600;border-radius:999px;padding:2px 10px;margin-right:8px;background:#ece8fd;color:#3c27a3}
.muted{color:#5a5778}
.top{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
.top nav{display:flex;gap:12px;font-size:.875rem}
.top nav a{font-size:.875rem;font-weight:500}
.top nav a[aria-current]{text-decoration:underline;text-underline-offset:4px}
.about{white-space:pre-line;margin:0}
footer{color:#5a5778;font-size:.875rem;text-align:center;padding:0 16px 32px}
.missing{max-width:560px;margin:64px auto;text-align:center}
`;

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#ff7a59"/><path d="M9 20.5a7 7 0 0 1 14 0M12.5 20.5a3.5 3.5 0 0 1 7 0" fill="none" stroke="#17133a" stroke-width="2.6" stroke-linecap="round"/><circle cx="16" cy="20.5" r="1.6" fill="#17133a"/><path d="M6 24h20" stroke="#17133a" stroke-width="2.6" stroke-linecap="round"/></svg>';

/** The language switch: each language the page speaks, by its own name, linking to the page in it. */
function languageSwitch(locale: Locale): string {
  const links = LOCALES.map((other) =>
    other === locale
      ? `<a href="?lang=${other}" hreflang="${other}" lang="${other}" aria-current="true">${escapeHtml(LOCALE_NAMES[other])}</a>`
      : `<a href="?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(LOCALE_NAMES[other])}</a>`,
  ).join('');
  return `<nav aria-label="${escapeHtml(say(locale)('languages'))}">${links}</nav>`;
}

function page(locale: Locale, head: string, body: string, switcher = ''): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${head}
<style>${STYLE}</style>
</head>
<body>
<header class="top"><a href="/">${LOGO}<span>Castbridge</span></a>${switcher}</header>
${body}
</body>
</html>
`;
}

/** One line for link previews and search engines, from the public facts only. */
export function describeKit(kit: MediaKitFacts & { handle: string }, locale: Locale = DEFAULT_LOCALE): string {
  const t = say(locale);
  const parts = [
    kit.channels.length > 0
      ? t('streamsOn', {
          name: kit.displayName,
          platforms: [...new Set(kit.channels.map((c) => c.platform))].join(t('and')),
        })
      : t('onCastbridge', { name: kit.displayName }),
    kit.followers > 0 ? t('followers', { count: kit.followers }) : null,
    kit.avgViewers !== null ? t('avgViewers', { count: kit.avgViewers }) : null,
    kit.category,
    kit.completed > 0 ? t('completedCount', { count: kit.completed }) : null,
  ].filter(Boolean);
  const text = `${parts.join(' · ')}.`;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

/** Only our own uploads are shown (no request leaves for another host). */
const avatarOf = (image: string | null) => (image && /^\/uploads\/[\w.-]+$/.test(image) ? image : DEFAULT_AVATAR);

/**
 * The published media kit as HTML, in `locale` (the creator's language unless the reader switched). `url`: the page's
 * own address; `image`: where the bundled image is served.
 */
export function renderMediaKitPage(
  kit: MediaKitFacts & { handle: string; updatedAt: string },
  links: { url: string; image: string },
  locale: Locale = DEFAULT_LOCALE,
): string {
  const e = escapeHtml;
  const t = say(locale);
  const number = (value: number) => numberIn(locale, value);
  const title = t('title', { name: kit.displayName, handle: kit.handle });
  const description = describeKit(kit, locale);
  const head = [
    `<title>${e(title)}</title>`,
    `<meta name="description" content="${e(description)}">`,
    `<link rel="canonical" href="${e(links.url)}">`,
    ...LOCALES.map((other) => `<link rel="alternate" hreflang="${other}" href="${e(`${links.url}?lang=${other}`)}">`),
    `<meta property="og:type" content="profile">`,
    `<meta property="og:site_name" content="Castbridge">`,
    `<meta property="og:title" content="${e(`${kit.displayName} (@${kit.handle})`)}">`,
    `<meta property="og:description" content="${e(description)}">`,
    `<meta property="og:url" content="${e(links.url)}">`,
    `<meta property="og:image" content="${e(links.image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:image:alt" content="${e(t('imageAlt'))}">`,
    `<meta property="og:locale" content="${locale.replace('-', '_')}">`,
    `<meta property="profile:username" content="${e(kit.handle)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(`${kit.displayName} (@${kit.handle})`)}">`,
    `<meta name="twitter:description" content="${e(description)}">`,
    `<meta name="twitter:image" content="${e(links.image)}">`,
  ].join('\n');

  const chips = [kit.category, kit.language, kit.country].filter((chip): chip is string => Boolean(chip));
  const stats = [
    [number(kit.followers), t('statFollowers')],
    [kit.avgViewers === null ? '—' : number(kit.avgViewers), t('statViewers')],
    [number(kit.completed), t('statCompleted')],
    [kit.deliveryRate === null ? '—' : `${kit.deliveryRate}%`, t('statRate')],
  ];
  const channels =
    kit.channels.length === 0
      ? `<p class="muted">${e(t('noChannel'))}</p>`
      : `<ul class="channels">${kit.channels
          .map(
            (channel) =>
              `<li><span><span class="platform">${e(channel.platform)}</span><a href="${e(channel.url)}" rel="noopener nofollow">${e(channel.name)}</a></span>` +
              `<span class="muted">${e(channel.followers === null ? t('followersNone') : t('followers', { count: channel.followers }))} · ${e(channel.avgViewers === null ? t('viewersNone') : t('avgViewers', { count: channel.avgViewers }))}</span></li>`,
          )
          .join('')}</ul>`;
  const audience =
    kit.audienceCountries.length === 0
      ? ''
      : `<section class="card" aria-labelledby="audience"><h2 id="audience">${e(t('audience'))}</h2><ul class="chips">${kit.audienceCountries
          .map((entry) => `<li class="muted">${e(entry.country)} ${Math.round(entry.share)}%</li>`)
          .join('')}</ul></section>`;
  const updated = new Date(kit.updatedAt);
  const body = `<main>
<section class="hero" aria-labelledby="name">
<img src="${e(avatarOf(kit.image))}" alt="">
<div>
<h1 id="name">${e(kit.displayName)}</h1>
<p class="handle">@${e(kit.handle)}</p>
${chips.length > 0 ? `<ul class="chips" aria-label="${e(t('chips'))}">${chips.map((chip) => `<li>${e(chip)}</li>`).join('')}</ul>` : ''}
</div>
</section>
<ul class="stats" aria-label="${e(t('figures'))}">${stats.map(([value, label]) => `<li><strong>${e(value!)}</strong><span>${e(label!)}</span></li>`).join('')}</ul>
<section class="card" aria-labelledby="channels"><h2 id="channels">${e(t('channels'))}</h2>${channels}</section>
${audience}
${kit.about ? `<section class="card" aria-labelledby="about"><h2 id="about">${e(t('about'))}</h2><p class="about">${e(kit.about)}</p></section>` : ''}
<p class="muted">${e(t('rateNote'))}</p>
</main>
<footer>${e(t('footer', { date: Number.isNaN(updated.getTime()) ? kit.updatedAt : dayIn(locale, updated) }))}</footer>`;
  return page(locale, head, body, languageSwitch(locale));
}

/** The 404 page of an unknown or unpublished handle, in the reader's language. */
export function renderMissingPage(locale: Locale = DEFAULT_LOCALE): string {
  const t = say(locale);
  return page(
    locale,
    `<title>${escapeHtml(t('missingTitle'))}</title>\n<meta name="robots" content="noindex">`,
    `<main class="missing"><h1>${escapeHtml(t('missingHeading'))}</h1><p class="muted">${escapeHtml(t('missingText'))}</p><p><a href="/">${escapeHtml(t('missingHome'))}</a></p></main>`,
  );
}
