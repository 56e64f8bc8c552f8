// The Stripe stand-in's pages (stripe.ts): the test payment page a Checkout Session's `url` opens (card and US bank
// account, Stripe's test numbers listed on it) and the control page at the stand-in's root (what Stripe decides on
// its own: settle a bank debit or a refund, open and close disputes, resend events). Plain server-rendered HTML, no
// script and no external asset: it works offline, at 375 px and 1280 px, every field labelled, errors announced and
// tied to their field.
import type { StoredEvent, StripeObject } from './stripe-state.ts';

type Obj = StripeObject;

/** What the payer sent (shown again with the error), and the error with the field it is about. */
export type PayForm = Record<string, string | { message: string; field: string } | undefined> & {
  method?: string;
  error?: { message: string; field: string };
};

const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const dollars = (cents: unknown) =>
  `$${(Number(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const when = (unixSeconds: unknown) => {
  const iso = new Date(Number(unixSeconds) * 1000).toISOString();
  return `<time datetime="${iso}">${iso.slice(0, 19).replace('T', ' ')} UTC</time>`;
};

const STYLE = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f6f8fa}
main{max-width:64rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.2rem;margin:0 0 .75rem}
.test{display:inline-block;background:#ffde92;color:#5b3700;font-weight:700;font-size:.85rem;padding:.1rem .6rem;border-radius:1rem}
.layout{display:grid;gap:1rem;grid-template-columns:minmax(0,1fr)}@media (min-width:52rem){.layout{grid-template-columns:minmax(0,1fr) minmax(0,1.2fr)}}
.layout>div{display:grid;gap:1rem;align-content:start;min-width:0}
.checkout{display:grid;gap:1rem;grid-template-areas:"summary" "forms" "test";grid-template-columns:minmax(0,1fr)}
.checkout>*{min-width:0;align-self:start}.summary{grid-area:summary}.forms{grid-area:forms;display:grid;gap:1rem}.testdata{grid-area:test}
@media (min-width:52rem){.checkout{grid-template-areas:"summary forms" "test forms";grid-template-columns:minmax(0,1fr) minmax(0,1.2fr);grid-template-rows:auto 1fr}}
section.box{background:#fff;border:1px solid #c9ced6;border-radius:.5rem;padding:1rem}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0}ul.lines{list-style:none;padding:0;margin:0}ul.lines li{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0;border-top:1px solid #eee}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input[type=text],input[type=email]{width:100%;padding:.6rem;font:inherit;border:1px solid #6b7280;border-radius:.3rem;background:#fff}
input[aria-invalid=true]{border:2px solid #b00020}.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
button{margin-top:1rem;padding:.7rem 1.2rem;font:inherit;font-weight:600;border-radius:.3rem;border:1px solid #3a2fb8;background:#4b3fd6;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1a1a;border-color:#6b7280}button.small{margin:.25rem .25rem 0 0;padding:.35rem .7rem;font-size:.9rem}
.pay{width:100%}a{color:#3a2fb8;overflow-wrap:anywhere}.hint{color:#4b5563;font-size:.9rem;margin:.25rem 0;overflow-wrap:anywhere}
[role=alert]{background:#fdecea;border:1px solid #b00020;padding:.5rem 1rem;border-radius:.3rem;margin:.5rem 0}
[role=status]{background:#e6f4ea;border:1px solid #1e7b34;padding:.5rem 1rem;border-radius:.3rem}
.field-error{color:#b00020;font-size:.9rem;margin:.25rem 0 0}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .4rem;border-top:1px solid #e5e7eb;vertical-align:top}
code{font-size:.95em;overflow-wrap:anywhere}ul.items{list-style:none;padding:0;margin:0;display:grid;gap:.5rem}
ul.items>li{background:#fff;border:1px solid #c9ced6;border-radius:.4rem;padding:.6rem .8rem}
.inline{display:inline}.inline label{display:inline;margin:0 .25rem 0 0;font-weight:600}.inline input[type=text]{width:8rem;padding:.35rem}
.badge{font-size:.85rem;font-weight:600;padding:0 .5rem;border-radius:1rem;background:#e5e7eb;white-space:nowrap}
.ok{background:#d1fadf;color:#05603a}.bad{background:#fde2e1;color:#8a1c1c}.wait{background:#fff1c2;color:#5b3700}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const TEST_BADGE = '<span class="test">Test mode</span>';

/** A page that only says something (not found, and the like). */
export function messagePage(title: string, message: string): string {
  return page(
    `${title} — Stripe (local stand-in)`,
    `<p>${TEST_BADGE}</p><h1>${escape(title)}</h1><p>${escape(message)}</p>`,
  );
}

/** A text input with its label, its value kept and its error tied to it. */
function field(form: PayForm, prefix: string, name: string, label: string, attributes: string, hint?: string): string {
  const id = `${prefix}-${name}`;
  const error = form.error && form.method === prefix && form.error.field === name ? form.error.message : null;
  const value = form.method === prefix && typeof form[name] === 'string' ? (form[name] as string) : '';
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return `<div><label for="${id}">${escape(label)}</label>${hint ? `<p class="hint" id="${id}-hint">${escape(hint)}</p>` : ''}<input type="text" id="${id}" name="${name}" value="${name === 'cvc' ? '' : escape(value)}" ${attributes}${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}>${error ? `<p class="field-error" id="${id}-error">${escape(error)}</p>` : ''}</div>`;
}

function emailField(session: Obj, form: PayForm, prefix: string): string {
  if (session.customer_email)
    return `<p class="hint">Receipt to <strong>${escape(session.customer_email)}</strong></p>`;
  return field(form, prefix, 'email', 'Email', 'autocomplete="email" inputmode="email" required');
}

/** The test payment page of a Checkout Session (its `url`). */
export function payPage(input: { session: Obj; lines: Obj[]; form: PayForm; bankDelayMs: number }): string {
  const { session, lines, form, bankDelayMs } = input;
  const total = dollars(session.amount_total);
  const title = `Pay ${total} — Castbridge (Stripe test mode)`;
  const summary = `<section class="box" aria-labelledby="summary"><h2 id="summary">Pay Castbridge</h2>
<p class="amount">${total}</p>
<ul class="lines">${lines.map((line) => `<li><span>${escape(line.description)}${Number(line.quantity) > 1 ? ` × ${escape(line.quantity)}` : ''}</span><span>${dollars(line.amount_total)}</span></li>`).join('')}</ul>
${session.cancel_url && session.status === 'open' ? `<p><a href="${escape(session.cancel_url)}">Cancel and return to Castbridge</a></p>` : ''}</section>`;
  if (session.status !== 'open') {
    const complete = session.status === 'complete';
    const back = complete ? session.success_url : session.cancel_url;
    return page(
      title,
      `<p>${TEST_BADGE}</p><h1>${complete ? 'This payment is done' : 'This payment page has expired'}</h1>
<p role="status">${complete ? (session.payment_status === 'paid' ? 'Paid.' : 'The bank debit is processing: Castbridge is told when it settles.') : 'Start a new payment from Castbridge.'}</p>
${back ? `<p><a href="${escape(back)}">Return to Castbridge</a></p>` : ''}${summary}`,
    );
  }
  const methods = session.payment_method_types as string[];
  const alert = form.error ? `<div role="alert"><p>${escape(form.error.message)}</p></div>` : '';
  // An error about a method this page does not show (a form posted by hand) is told above both.
  const stray = form.error && !methods.includes(String(form.method)) ? alert : '';
  const card = methods.includes('card')
    ? `<section class="box" aria-labelledby="card-title"><h2 id="card-title">Pay by card</h2>
${form.method === 'card' ? alert : ''}<form method="post" action="${escape(session.id)}" novalidate>
<input type="hidden" name="method" value="card">${emailField(session, form, 'card')}
${field(form, 'card', 'card_number', 'Card number', 'autocomplete="cc-number" inputmode="numeric" required maxlength="23"')}
<div class="row">${field(form, 'card', 'expiry', 'Expiration (MM / YY)', 'autocomplete="cc-exp" inputmode="numeric" required maxlength="7" placeholder="MM / YY"')}
${field(form, 'card', 'cvc', 'Security code (CVC)', 'autocomplete="cc-csc" inputmode="numeric" required maxlength="4"')}</div>
${field(form, 'card', 'name', 'Name on card', 'autocomplete="cc-name"')}
<button type="submit" class="pay">Pay ${total}<span class="visually-hidden"> by card</span></button></form></section>`
    : '';
  const bank = methods.includes('us_bank_account')
    ? `<section class="box" aria-labelledby="bank-title"><h2 id="bank-title">Pay by US bank account</h2>
${form.method === 'us_bank_account' ? alert : ''}<form method="post" action="${escape(session.id)}" novalidate>
<input type="hidden" name="method" value="us_bank_account">${emailField(session, form, 'us_bank_account')}
${field(form, 'us_bank_account', 'name', 'Account holder’s full name', 'autocomplete="name" required')}
${field(form, 'us_bank_account', 'routing_number', 'Routing number', 'inputmode="numeric" required maxlength="9"')}
${field(form, 'us_bank_account', 'account_number', 'Account number', 'inputmode="numeric" required maxlength="17"')}
<p class="hint">By paying you authorise Castbridge to debit this account once for ${total}. A bank debit takes days at a real bank; here it settles after ${Math.round(bankDelayMs / 1000)} seconds.</p>
<button type="submit" class="pay">Pay ${total}<span class="visually-hidden"> by bank debit</span></button></form></section>`
    : '';
  const testData = `<section class="box" aria-labelledby="test-data"><h2 id="test-data">Test numbers</h2>
<p class="hint">This is Stripe's test mode on this computer: no real money moves. Use any future expiration date and any three-digit security code.</p>
${
  methods.includes('card')
    ? `<table><caption class="visually-hidden">Test cards</caption><thead><tr><th scope="col">Card number</th><th scope="col">Result</th></tr></thead><tbody>
<tr><td><code>4242 4242 4242 4242</code></td><td>Succeeds</td></tr>
<tr><td><code>4000 0000 0000 0002</code></td><td>Declined</td></tr>
<tr><td><code>4000 0000 0000 9995</code></td><td>Declined: insufficient funds</td></tr>
<tr><td><code>4000 0000 0000 0259</code></td><td>Succeeds, then the payer disputes it</td></tr></tbody></table>`
    : ''
}
${
  methods.includes('us_bank_account')
    ? `<table><caption class="visually-hidden">Test bank accounts, routing number 110000000</caption><thead><tr><th scope="col">Account number (routing 110000000)</th><th scope="col">Result</th></tr></thead><tbody>
<tr><td><code>000123456789</code></td><td>Succeeds after the delay</td></tr>
<tr><td><code>000111111113</code></td><td>Fails: account closed</td></tr>
<tr><td><code>000222222227</code></td><td>Fails: insufficient funds</td></tr></tbody></table>`
    : ''
}</section>`;
  return page(
    title,
    `<p>${TEST_BADGE} <span class="hint">Stripe Checkout, local stand-in</span></p><h1>Pay ${total} to Castbridge</h1>
${stray}<div class="checkout"><div class="summary">${summary}</div><div class="forms">${card}${bank}</div><div class="testdata">${testData}</div></div>`,
  );
}

// ------------------------------------------------------------------------------------------------ control page

export interface ControlView {
  sessions: Obj[];
  intents: Obj[];
  charges: Obj[];
  refunds: Obj[];
  disputes: Obj[];
  events: StoredEvent[];
  scheduled: (id: string) => { at: number; kind: string }[];
  notice: { done?: string; error?: string };
  webhooks: boolean;
  /** Link to the platforms' stand-ins' page (one level up) when mounted beside them. */
  platforms: boolean;
}

const badge = (status: unknown) => {
  const text = String(status);
  const tone = ['succeeded', 'paid', 'complete', 'won'].includes(text)
    ? 'ok'
    : ['failed', 'lost', 'expired', 'canceled', 'requires_payment_method', 'needs_response'].includes(text)
      ? 'bad'
      : 'wait';
  return `<span class="badge ${tone}">${escape(text.replace(/_/g, ' '))}</span>`;
};

/** A one-button form posting to the control API, coming back to this page. */
const button = (action: string, label: string, hidden: Record<string, string>, back: string, secondary = false) =>
  `<form class="inline" method="post" action="${escape(action)}">${Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join(
      '',
    )}<input type="hidden" name="back" value="${escape(back)}"><button type="submit" class="small${secondary ? ' secondary' : ''}">${label}</button></form>`;

export function controlPage(view: ControlView): string {
  const chargeOf = (intent: Obj) => view.charges.find((charge) => charge.id === intent.latest_charge);
  const sessions = view.sessions.length
    ? `<ul class="items">${view.sessions
        .map(
          (s) =>
            `<li><a href="pay/${escape(s.id)}">${dollars(s.amount_total)} — ${escape((s.payment_method_types as string[]).join(', ').replace('us_bank_account', 'bank debit'))}</a> ${badge(s.status)} ${s.status === 'complete' ? badge(s.payment_status) : ''}<br><span class="hint">${escape(s.id)}, ${when(s.created)}${s.client_reference_id ? `, reference ${escape(s.client_reference_id)}` : ''}</span></li>`,
        )
        .join('')}</ul>`
    : '<p>No payment yet: add funds in Castbridge as an advertiser and its payment page appears here.</p>';
  const intents = view.intents.length
    ? `<ul class="items">${view.intents
        .map((intent) => {
          const charge = chargeOf(intent);
          const type = (charge?.payment_method_details as { type?: string } | undefined)?.type;
          const label = `payment ${escape(intent.id)}`;
          const actions =
            intent.status === 'processing'
              ? `<p class="hint">A bank debit in processing${view.scheduled(intent.id).length ? ' (settles on its own soon)' : ''}.</p>${button(`control/payment_intents/${intent.id}/settle`, `Settle now: succeeded<span class="visually-hidden"> ${label}</span>`, { outcome: 'succeeded' }, `Bank debit ${intent.id} settled`)}${button(`control/payment_intents/${intent.id}/settle`, `Settle now: failed<span class="visually-hidden"> ${label}</span>`, { outcome: 'failed' }, `Bank debit ${intent.id} failed`, true)}`
              : charge && charge.status === 'succeeded' && !charge.disputed
                ? button(
                    'control/disputes',
                    `Open a dispute<span class="visually-hidden"> on ${label}</span>`,
                    { payment_intent: intent.id, reason: 'fraudulent' },
                    `Dispute opened on ${intent.id}`,
                    true,
                  )
                : '';
          return `<li><strong>${dollars(intent.amount)}</strong> ${type === 'us_bank_account' ? 'bank debit' : type === 'card' ? 'card' : ''} ${badge(intent.status)}${charge?.amount_refunded ? ` <span class="hint">${dollars(charge.amount_refunded)} refunded</span>` : ''}${charge?.disputed ? ' <span class="badge bad">disputed</span>' : ''}<br><span class="hint">${escape(intent.id)}, ${when(intent.created)}${(intent.metadata as Record<string, string>)?.deposit_id ? `, deposit ${escape((intent.metadata as Record<string, string>).deposit_id)}` : ''}</span><div>${actions}</div></li>`;
        })
        .join('')}</ul>`
    : '<p>No payment attempt yet.</p>';
  const disputes = view.disputes.length
    ? `<ul class="items">${view.disputes
        .map((d) => {
          const open = d.status !== 'won' && d.status !== 'lost';
          const label = `dispute ${escape(d.id)}`;
          return `<li><strong>${dollars(d.amount)}</strong> ${escape(d.reason)} ${badge(d.status)}<br><span class="hint">${escape(d.id)} on ${escape(d.payment_intent)}, ${when(d.created)}</span>${open ? `<div>${button(`control/disputes/${d.id}/close`, `Close: won<span class="visually-hidden"> ${label}</span>`, { status: 'won' }, `Dispute ${d.id} won`)}${button(`control/disputes/${d.id}/close`, `Close: lost<span class="visually-hidden"> ${label}</span>`, { status: 'lost' }, `Dispute ${d.id} lost`, true)}</div>` : ''}</li>`;
        })
        .join('')}</ul>`
    : '<p>No dispute. Pay with 4000 0000 0000 0259, or open one on a payment above.</p>';
  const refunds = view.refunds.length
    ? `<ul class="items">${view.refunds
        .map((r) => {
          const label = `refund ${escape(r.id)}`;
          return `<li><strong>${dollars(r.amount)}</strong> ${badge(r.status)}<br><span class="hint">${escape(r.id)} of ${escape(r.payment_intent)}, ${when(r.created)}</span>${r.status === 'pending' ? `<div>${button(`control/refunds/${r.id}/settle`, `Settle: succeeded<span class="visually-hidden"> ${label}</span>`, { status: 'succeeded' }, `Refund ${r.id} succeeded`)}${button(`control/refunds/${r.id}/settle`, `Settle: failed<span class="visually-hidden"> ${label}</span>`, { status: 'failed' }, `Refund ${r.id} failed`, true)}</div>` : ''}</li>`;
        })
        .join('')}</ul>`
    : '<p>No refund yet.</p>';
  const deliveryText = (e: StoredEvent) =>
    e.deliveredAt
      ? `<span class="badge ok">delivered ${e.lastStatus ?? ''}</span>`
      : e.gaveUp
        ? `<span class="badge bad">gave up: ${escape(e.lastError)}</span>`
        : e.attempts > 0
          ? `<span class="badge wait">retrying (${e.attempts} ${e.attempts === 1 ? 'attempt' : 'attempts'}: ${escape(e.lastError)})</span>`
          : `<span class="badge wait">${view.webhooks ? 'waiting' : 'not sent: no endpoint'}</span>`;
  const events = view.events.length
    ? `<ul class="items">${view.events
        .map(
          (e) =>
            `<li><code>${escape(e.type)}</code> ${deliveryText(e)}<br><span class="hint">${escape(e.id)}, ${when(e.created)}</span> ${view.webhooks ? button(`control/events/${e.id}/resend`, `Resend<span class="visually-hidden"> event ${escape(e.id)}</span>`, {}, `Event ${e.id} sent again`, true) : ''}</li>`,
        )
        .join('')}</ul>`
    : '<p>No event yet.</p>';
  const notice = view.notice.done
    ? `<p role="status">${escape(view.notice.done)}.</p>`
    : view.notice.error
      ? `<p role="alert">${escape(view.notice.error)}</p>`
      : '';
  return page(
    'Stripe stand-in: payments and events',
    `<p>${TEST_BADGE}</p><h1>Stripe stand-in</h1>
<p>Stripe as Castbridge sees it offline: the payments advertisers made on its test page, and what Stripe would decide
on its own — a bank debit settling, a payer disputing a card payment and the bank's ruling, a refund to a bank account
settling. Every change is sent to Castbridge as a signed webhook, listed at the end.${view.platforms ? ' <a href="../">Platform stand-ins (Twitch, YouTube)</a>' : ''}</p>
${notice}
<div class="layout"><div>
<section class="box" aria-labelledby="sessions"><h2 id="sessions">Checkout sessions</h2>${sessions}</section>
<section class="box" aria-labelledby="payments"><h2 id="payments">Payments</h2>${intents}</section>
</div><div>
<section class="box" aria-labelledby="disputes"><h2 id="disputes">Disputes</h2>${disputes}</section>
<section class="box" aria-labelledby="refunds"><h2 id="refunds">Refunds</h2>${refunds}</section>
<section class="box" aria-labelledby="events"><h2 id="events">Webhook events</h2>${events}</section>
</div></div>`,
  );
}

/** The fields of the onboarding page, in order: name, label, attributes, hint. */
const ONBOARDING_FIELDS: [string, string, string, string?][] = [
  ['first_name', 'First name', 'autocomplete="given-name" required'],
  ['last_name', 'Last name', 'autocomplete="family-name" required'],
  [
    'dob',
    'Date of birth',
    'autocomplete="bday" required placeholder="YYYY-MM-DD"',
    'As YYYY-MM-DD; you must be 18 or older.',
  ],
  [
    'ssn_last_4',
    'Last 4 digits of your Social Security number',
    'inputmode="numeric" required',
    'Test mode: any 4 digits, e.g. 0000.',
  ],
  ['url', 'Your website or channel address', 'inputmode="url" required', 'For example https://twitch.tv/yourchannel.'],
  ['routing_number', 'Bank routing number', 'inputmode="numeric" required', 'Test mode: 110000000.'],
  ['account_number', 'Bank account number', 'inputmode="numeric" required', 'Test mode: 000123456789.'],
];

/** Stripe's hosted onboarding of a connected account (an Account Link's `url`): a plain form, test mode. */
export function onboardingPage(input: { account: Obj; form: PayForm }): string {
  const { account, form } = input;
  const values: PayForm = { ...form, method: 'onboard' };
  const error = form.error;
  const tosError = error?.field === 'tos' ? error.message : null;
  return page(
    'Get paid through Stripe — Stripe (local stand-in)',
    `<p>${TEST_BADGE}</p><h1>Get paid through Stripe</h1>
<p>Castbridge pays your earnings through Stripe. Tell Stripe who you are and where to pay you; Stripe keeps these details, Castbridge does not see them.</p>
<p class="hint">Account <code>${escape(account.id)}</code>${account.email ? ` · ${escape(account.email)}` : ''}</p>
${error && error.field === 'form' ? `<p role="alert">${escape(error.message)}</p>` : ''}
<section class="box"><h2>Your details</h2><form method="post" novalidate>
${ONBOARDING_FIELDS.map(([name, label, attributes, hint]) => field(values, 'onboard', name, label, attributes, hint)).join('\n')}
<div><input type="checkbox" id="onboard-tos" name="tos" value="accepted"${form.tos === 'accepted' ? ' checked' : ''}${tosError ? ' aria-invalid="true" aria-describedby="onboard-tos-error"' : ''}> <label for="onboard-tos" class="inline">I accept the Stripe Connected Account Agreement</label>${tosError ? `<p class="field-error" id="onboard-tos-error">${escape(tosError)}</p>` : ''}</div>
<button type="submit" class="pay">Submit and return to Castbridge</button>
</form></section>`,
  );
}
