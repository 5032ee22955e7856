// What the docs page is made from: the content, the build's verse of the day,
// the import's audit, the manifest's facts and the commentaries described.
import type { AuditFile } from '../content/audit.ts';
import type { AuthorEntry } from '../content/authors.ts';
import type { Content } from '../content/read.ts';
import type { Manifest } from '../contract/manifest.ts';

export interface DocsInput {
  content: Content;
  /** The verse whose card the build shows as /gita.svg. */
  daily: { chapter: number; verse: number };
  /** The import's audit and errata. */
  audit: AuditFile;
  /** What the manifest says of the content (commentaries, speakers). */
  facts: Manifest['content'];
  /** Every commentary described, as /authors answers it (src/content/authors.ts). */
  authors: AuthorEntry[];
}
