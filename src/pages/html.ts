// HTML for the pages (docs, pricing, search): escaping and the shared page frame.
// Pages work without JavaScript, read well at phone width, light and dark.
import { FILES, TELUGU_FONT, WEB_FONT } from '../layout.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape text for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** A tagged template: interpolated values are escaped unless wrapped in raw(). */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0];
  values.forEach((v, i) => {
    const piece = Array.isArray(v) ? v.map((x) => (x instanceof Raw ? x.html : escapeHtml(String(x)))).join('') : v instanceof Raw ? v.html : v === null || v === undefined || v === false ? '' : escapeHtml(String(v));
    out += piece + strings[i + 1];
  });
  return new Raw(out);
}

/**
 * The pages' Devanagari: a subset of Noto Sans Devanagari served from dist/
 * (a machine without a Devanagari font would draw boxes). Its unicode-range
 * keeps it to Devanagari (WEB_FONT in src/layout.ts); swap shows the text at once.
 */
export const WEB_FONT_FAMILY = WEB_FONT.family;
const face = (family: string, range: string, file: (w: 400 | 700) => string) =>
  ([400, 700] as const).map((w) => `@font-face{font-family:"${family}";font-style:normal;font-weight:${w};font-display:swap;src:url(${file(w)}) format("woff2");unicode-range:${range}}`);
/** The Telugu likewise (Noto Sans Telugu's subset): a browser fetches it only for a page with Telugu letters. */
export const FONT_FACES = [...face(WEB_FONT_FAMILY, WEB_FONT.unicodeRange, FILES.webFont), ...face(TELUGU_FONT.family, TELUGU_FONT.unicodeRange, FILES.teluguFont)].join('\n');

const STYLE = `
${FONT_FACES}
:root{color-scheme:light dark;--bg:#fffaf2;--fg:#2b2118;--muted:#6f5f4f;--accent:#a3480a;--line:#ead9bf;--code:#f6ecdc}
@media (prefers-color-scheme:dark){:root{--bg:#1b1714;--fg:#f6efe4;--muted:#b3a595;--accent:#f5a524;--line:#4a3f35;--code:#2a241f}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 "${WEB_FONT_FAMILY}","${TELUGU_FONT.family}",system-ui,-apple-system,Segoe UI,Noto Sans,Roboto,sans-serif}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 4rem}
h1,h2,h3{line-height:1.25}h1{font-size:1.9rem;margin:.5rem 0}h2{margin-top:2.5rem;padding-top:.5rem;border-top:1px solid var(--line)}
a{color:var(--accent)}
code,pre{font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,"${WEB_FONT_FAMILY}","${TELUGU_FONT.family}",monospace;background:var(--code);border-radius:6px}
code{padding:.1em .3em;overflow-wrap:anywhere}pre{padding:.8rem 1rem;overflow-x:auto;white-space:pre-wrap;word-break:break-word}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}th,td{text-align:left;padding:.35rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
.muted{color:var(--muted)}.note{border-left:3px solid var(--accent);padding:.2rem .9rem;margin:1rem 0}
form{display:grid;gap:.9rem;max-width:32rem}label{display:grid;gap:.25rem;font-weight:600}
input,textarea{font:inherit;padding:.5rem .6rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
button{font:inherit;font-weight:600;padding:.55rem 1.2rem;border:0;border-radius:6px;background:var(--accent);color:var(--bg);cursor:pointer;justify-self:start}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.error{color:#c0392b;font-weight:600}
.key{font-size:1.05rem;padding:.8rem 1rem;word-break:break-all;display:block}
nav{display:flex;gap:1rem;flex-wrap:wrap;font-size:.95rem}
`;

/** The words of the frame's links (to the documentation, the key page and the OpenAPI description). */
export interface FrameNav {
  documentation: string;
  freeKey: string;
  openApi: string;
}

/** The frame's links in English, the pages' language unless a page gives its own (the reading pages: src/pages/read-labels.ts). */
export const FRAME_NAV: FrameNav = { documentation: 'Documentation', freeKey: 'Free key', openApi: 'OpenAPI' };

/** What a page adds to the shared frame: tags for <head> (Open Graph, JSON-LD...) and a stylesheet of its own. */
export interface PageExtras {
  head?: Raw;
  style?: string;
  /**
   * The page's language (`<html lang>`), 'en' by default. Without `nav` the
   * frame's links stay English and say so (lang="en").
   */
  lang?: string;
  /** The frame's links in the page's language; the pages they lead to are English, and the links say so (hreflang). */
  nav?: FrameNav;
}

function frameNav(extras: PageExtras): string {
  const english = !extras.lang || extras.lang === 'en';
  const nav = extras.nav ?? FRAME_NAV;
  const navLang = english || extras.nav ? '' : ' lang="en"';
  const to = english ? '' : ' hreflang="en"';
  return `<nav${navLang}><a href="/"${to}>${escapeHtml(nav.documentation)}</a><a href="/pricing"${to}>${escapeHtml(nav.freeKey)}</a><a href="/openapi.json"${to}>${escapeHtml(nav.openApi)}</a></nav>`;
}

export function page(title: string, body: Raw, description = 'The Bhagavad Gita as an API: verses with their commentaries, chapters and verse cards.', extras: PageExtras = {}): string {
  return `<!doctype html>
<html lang="${escapeHtml(extras.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<link rel="icon" href="${FILES.favicon}" sizes="16x16 32x32 48x48">
<link rel="icon" href="${FILES.faviconSvg}" type="image/svg+xml">
${extras.head ? `${extras.head.html}\n` : ''}<style>${STYLE.trim()}${extras.style ? extras.style.trim() : ''}</style>
</head>
<body>
<main>
${frameNav(extras)}
${body.html}
</main>
</body>
</html>
`;
}
