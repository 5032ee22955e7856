// The free license page: what a key gives, and the form to get one (on a
// server with registration open), or how to ask the operator.
import { ANON_BURST, REGISTRATIONS_PER_DAY } from '../contract/policy.ts';
import { html, page, raw, type Raw } from './html.ts';
import { UPSTREAM, UPSTREAM_URL } from '../content/upstream.ts';

export interface PricingOptions {
  /** Daily quota of a free key; 0: unlimited. */
  keyLimit: number;
  /** Daily quota without a key; 0: unlimited. */
  anonLimit: number;
  /** open: the form; closed: how to ask; static: this is a CDN copy, registration needs the server. */
  registration: 'open' | 'closed' | 'static';
  contact?: string | null;
  /** Values to show again, and what was wrong with them, after a refused form. */
  form?: { name?: string; email?: string; use?: string; errors?: Record<string, string> };
}

// Thousands by hand: the server renders this page at start-up, and the first
// toLocaleString() loads ICU's number data (25 ms of a 0.5 s start-up).
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const perDay = (n: number) => (n === 0 ? 'unlimited requests' : `${thousands(n)} requests a day`);

export const FIELD_LIMITS = { name: 100, email: 254, use: 500 } as const;

export function registrationForm(o: PricingOptions): Raw {
  const f = o.form ?? {};
  const err = (field: string) => (f.errors?.[field] ? html`<span class="error">${f.errors[field]}</span>` : '');
  return html`<form method="post" action="/register">
${f.errors?.form ? html`<p class="error">${f.errors.form}</p>` : ''}
<label>Name (you, or your app)<input name="name" required maxlength="${FIELD_LIMITS.name}" value="${f.name ?? ''}" autocomplete="name">${err('name')}</label>
<label>Email<input name="email" type="email" required maxlength="${FIELD_LIMITS.email}" value="${f.email ?? ''}" autocomplete="email">${err('email')}</label>
<label>What will you build with it?<textarea name="use" required maxlength="${FIELD_LIMITS.use}" rows="3">${f.use ?? ''}</textarea>${err('use')}</label>
<div class="hp" aria-hidden="true"><label>Leave this empty<input name="website" tabindex="-1" autocomplete="off"></label></div>
<button type="submit">Get my free key</button>
</form>`;
}

export function pricingPage(o: PricingOptions): string {
  const how =
    o.registration === 'open'
      ? html`<h2>Get a key</h2><p>The key is shown once, on the next page: keep it somewhere safe. Each address may register ${REGISTRATIONS_PER_DAY} keys a day.</p>${registrationForm(o)}`
      : o.registration === 'closed'
        ? html`<h2>Get a key</h2><p class="note">Registration is closed on this server. Ask the operator for a key${o.contact ? html`: ${o.contact}` : raw('.')}</p>`
        : html`<h2>Get a key</h2><p class="note">This is a static copy of the API (served by a CDN): it cannot check keys or register them. Keys, usage and limits need the Gita API server (<code>npm start</code>); register on the server that issues your keys.</p>`;
  return page(
    'Free license · Gita API',
    html`<h1>Free license</h1>
<p>The API is free. A key identifies who is calling, so that usage can be counted per caller and limits applied fairly.</p>
<table>
<tr><th>Plan</th><th>Price</th><th>Limit</th></tr>
<tr><td>Free key</td><td>free</td><td>${perDay(o.keyLimit)}</td></tr>
<tr><td>No key</td><td>free</td><td>${perDay(o.anonLimit)} per client address${o.anonLimit ? `, and at most ${ANON_BURST.points} in ${ANON_BURST.seconds} seconds` : ''}</td></tr>
</table>
<p>Send the key in the <code>x-api-key</code> header, or as the <code>api_key</code> query parameter. Every limited answer carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code>; over the limit the answer is <code>429</code> with <code>Retry-After</code>. Quotas start again at midnight UTC. <code>GET /usage</code> with your key shows your own usage.</p>
<p>The scripture content is the dataset <a href="${UPSTREAM_URL}">${UPSTREAM.repository}</a>, under the GNU GPL v3: what you build with it must respect that license.</p>
${how}`,
  );
}

export function keyIssuedPage(key: string, name: string, limit: number): string {
  return page(
    'Your key · Gita API',
    html`<h1>Your key</h1>
<p>Here is the key for <strong>${name}</strong> (${perDay(limit)}). It is shown <strong>only this once</strong>: the server keeps a hash of it, not the key.</p>
<code class="key">${key}</code>
<h2>Use it</h2>
<pre>curl -H "x-api-key: ${key}" ${raw('https://&lt;this server&gt;')}/slok</pre>
<p>or add <code>?api_key=${key}</code> to a URL. See your usage at <code>/usage</code>.</p>`,
  );
}
