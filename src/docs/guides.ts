// The guides rendered as pages of the site (/docs/{name}): Markdown to HTML
// in the pages' frame, links between guides made site addresses, so that a
// link from the docs page or from one guide to another never 404s.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked } from 'marked';
import { GUIDE_NAMES, GUIDES, type Guide } from '../guides.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { FILES } from '../layout.ts';
import { escapeHtml, page, raw } from '../pages/html.ts';

/** A guide's Markdown, read from the checkout (or the installed package: docs/ ships with it). */
export const guideSource = (name: string) => readFileSync(join(PROJECT_ROOT, 'docs', `${name}.md`), 'utf8');

/**
 * A link of a guide as the site serves it: another guide (`search.md`,
 * `search.md#paging`) becomes /docs/search; the README becomes the docs page;
 * anything else (absolute URLs, anchors, site paths) stays.
 */
export function siteHref(href: string): string {
  const m = /^(?:\.\/|\.\.\/docs\/|docs\/)?([a-z-]+)\.md(#.*)?$/.exec(href);
  if (m && GUIDE_NAMES.has(m[1])) return `/docs/${m[1]}${m[2] ?? ''}`;
  if (/^(\.\.\/)?README\.md(#.*)?$/.test(href)) return '/';
  return href;
}

/** Ids for headings as GitHub makes them (lower case, spaces to hyphens, punctuation dropped), so #anchors work on both. */
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** One guide as an HTML page of the site, in the pages' frame. */
export function guidePage(guide: Guide, markdown = guideSource(guide.name)): string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        return `<a href="${escapeHtml(siteHref(href))}"${title ? ` title="${escapeHtml(title)}"` : ''}>${text}</a>`;
      },
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${escapeHtml(headingId(text))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      // Raw HTML in a guide is shown as text: the guides are prose, and the site never serves markup it did not make.
      html({ text }) {
        return /^\s*<!--[\s\S]*-->\s*$/.test(text) ? '' : escapeHtml(text);
      },
    },
  });
  const body = marked.parse(markdown, { async: false });
  const others = GUIDES.map((g) => (g.name === guide.name ? `<strong>${escapeHtml(g.title)}</strong>` : `<a href="/docs/${g.name}">${escapeHtml(g.title)}</a>`)).join(' · ');
  // The tagger from this same host (a root-relative address), as a site would include it.
  const tagger = guide.tagged ? `\n<script src="${FILES.linker}" defer></script>` : '';
  return page(`${guide.title} · Gita API`, raw(`${body}\n<p class="muted">Guides: ${others}</p>${tagger}`), `Gita API: ${guide.about}.`);
}
