// The docs page's sections on the service itself: its errors, keys, limits,
// caching, and what a static host serves against the server.
import { SETTINGS } from '../config.ts';
import { ANON_BURST, LEASE, REGISTRATIONS_PER_DAY } from '../contract/policy.ts';
import { ERRORS, METHOD_NOT_ALLOWED, NOT_FOUND } from '../contract/errors.ts';
import { CACHE_FIXED } from '../contract/headers.ts';
import { MAX_HEADER_BYTES, MAX_REGISTRATION_BYTES, MAX_URL_LENGTH, USAGE_DAYS } from '../contract/limits.ts';
import { ORIGIN_PLACEHOLDER } from '../layout.ts';
import { html, raw, type Raw } from '../pages/html.ts';

const setting = (key: string) => SETTINGS.find((s) => s.key === key)!;

/** Every error the server answers, with its body. */
export function errorsSection(): Raw {
  return html`<h2 id="errors">Errors</h2>
<table>
<tr><th>status</th><th>content type</th><th>body</th><th>when</th></tr>
<tr><td>404</td><td><code>text/plain; charset=utf-8</code></td><td><code>${NOT_FOUND.chapter}</code></td><td>a chapter path that names no chapter</td></tr>
<tr><td>404</td><td><code>text/plain; charset=utf-8</code></td><td><code>${NOT_FOUND.verse}</code></td><td>a verse or card path (or card query) that names no verse</td></tr>
<tr><td>404</td><td><code>text/plain; charset=utf-8</code></td><td><code>${NOT_FOUND.resource}</code></td><td>any other path</td></tr>
<tr><td>401</td><td><code>application/json; charset=utf-8</code></td><td><code>${JSON.stringify(ERRORS.keyRequired.body)}</code> or <code>${JSON.stringify(ERRORS.keyInvalid.body)}</code></td><td>no key where one is required; a key that is unknown or revoked</td></tr>
<tr><td>429</td><td><code>application/json; charset=utf-8</code></td><td><code>${JSON.stringify(ERRORS.rateLimited.body)}</code></td><td>over the quota; with <code>Retry-After</code></td></tr>
<tr><td>405</td><td><code>text/plain; charset=utf-8</code></td><td><code>${METHOD_NOT_ALLOWED}</code></td><td>another method on a route; with <code>Allow</code></td></tr>
<tr><td>414, 431</td><td><code>application/json; charset=utf-8</code></td><td><code>{"error":"..."}</code></td><td>a request target over ${MAX_URL_LENGTH} bytes; headers over ${MAX_HEADER_BYTES / 1024} KB</td></tr>
<tr><td>500</td><td><code>application/json; charset=utf-8</code></td><td><code>${JSON.stringify(ERRORS.internal.body)}</code></td><td>an unexpected failure (never a stack)</td></tr>
</table>`;
}

/** How to send a key, the operator's policies, and where to get one. */
export function keysSection(): Raw {
  return html`<h2 id="keys">Keys</h2>
<p>A key identifies the caller so that usage is counted per caller. Send it either way (the header wins when both are sent):</p>
<pre>curl -H "x-api-key: &lt;API_KEY&gt;" ${raw(ORIGIN_PLACEHOLDER)}/chapters
curl "${raw(ORIGIN_PLACEHOLDER)}/chapters?api_key=&lt;API_KEY&gt;"</pre>
<p>The operator chooses the policy (<code>GITA_AUTH</code>): <strong>optional</strong> (the default: without a key you are anonymous, counted by address; an unknown key is 401), <strong>required</strong> (no key is 401), or <strong>off</strong> (keys are ignored). This page, <code>/pricing</code>, <code>/openapi.json</code> and <code>/healthz</code> never need a key. Get a free key on <a href="/pricing">/pricing</a> (${REGISTRATIONS_PER_DAY} registrations a day per address; the form accepts at most ${MAX_REGISTRATION_BYTES / 1024} KB). <code>GET /usage</code> with your key shows your own usage for the last ${USAGE_DAYS} days.</p>`;
}

/** The daily quotas, the burst window, and the blocks a server spends them in. */
export function limitsSection(): Raw {
  return html`<h2 id="limits">Limits</h2>
<p>Quotas are per UTC day: a key's own (by default ${setting('keyLimit').default}), and ${setting('anonLimit').default} per anonymous address with at most ${ANON_BURST.points} requests in ${ANON_BURST.seconds} seconds; 0 means unlimited. Every limited answer carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> (Unix time of the next midnight UTC); over the quota the answer is <code>429</code> with <code>Retry-After</code> in seconds. These headers are exposed to browsers through CORS. With plenty of quota left a server spends it in blocks (of ${LEASE.size} to ${LEASE.max.toLocaleString('en-US')} requests), so <code>X-RateLimit-Remaining</code> may lag other servers by a block; the last ${LEASE.above.toLocaleString('en-US')} requests of a day are counted one by one.</p>`;
}

/** ETags and compression. */
export function cachingSection(): Raw {
  return html`<h2 id="caching">Caching and compression</h2>
<p>Fixed resources carry a strong <code>ETag</code> from the content hash (the same on every server of one build) and <code>Cache-Control: ${CACHE_FIXED}</code>; send <code>If-None-Match</code> to get <code>304</code>. Random answers (<code>/slok</code>, <code>/gita.svg</code>) carry <code>Cache-Control: no-store</code>. Bodies come brotli- or gzip-compressed by <code>Accept-Encoding</code>, compressed once at build time.</p>`;
}

/** A static copy against the server, and the server's settings. */
export function deploySection(): Raw {
  return html`<h2 id="deploy">Static (CDN) or server</h2>
<table>
<tr><th></th><th>static <code>dist/</code> on a CDN</th><th>the server (<code>npm start</code>)</th></tr>
<tr><td>verses, chapters, cards, ETags, compression</td><td>yes</td><td>yes</td></tr>
<tr><td><code>/slok</code>, <code>/gita.svg</code></td><td>the build's verse of the day</td><td>random on every call</td></tr>
<tr><td>card <code>?ch=</code>, <code>?theme=</code></td><td>no (use <code>gita-dark.svg</code> files)</td><td>yes</td></tr>
<tr><td>keys, usage, limits, registration</td><td>no: a CDN cannot check keys</td><td>yes (one server, or several sharing Redis)</td></tr>
</table>
<p>Operators: the server is configured by environment variables (or flags):</p>
<table>
<tr><th>variable</th><th>default</th><th>meaning</th></tr>
${SETTINGS.map((s) => html`<tr><td><code>${s.env}</code></td><td>${s.default ? html`<code>${s.default}</code>` : 'unset'}</td><td>${s.help}</td></tr>`)}
</table>`;
}
