// The verse a commentary text says it is about. Most texts begin with the
// verse they comment on (`2.47 ...`, `।।2.47।।`), or with a range when a
// commentator treats a group of verses together (`।।5.7 -- 5.11।।`,
// `1.12  1.29`, `6.5-6`, `18.64 -- 65`), or point to the group's commentary
// (`6.20 See Comment under 6.23`). The audit compares that with the record.

/** A leading reference: chapter, and the first and last verse it covers. */
export interface Reference {
  chapter: number;
  from: number;
  to: number;
  /** The reference as written, for messages. */
  text: string;
  /** A verse number written without its range separator, such as `6.3031` for 6.30-31. */
  joined?: boolean;
}

// `।।` or `||`, then C.V, then an optional second verse (C.V or V) after `--`, `-`, a dash or spaces.
const LEADING = /^[\s\u00a0]*(?:।।|\|\|)?[\s\u00a0]*(\d{1,3})\.(\d{1,5})\.?(?:[\s\u00a0]*(?:--|-|–|—)?[\s\u00a0]*(?:(\d{1,3})\.)?(\d{1,3})(?![\d.]\d)\.?)?/;
const SEE_UNDER = /^.{0,40}?\bSee Comm?ent under (\d{1,3})\.(\d{1,3})/i;

/**
 * The reference a text begins with, or null when it begins with none.
 * `versesIn(chapter)` is the chapter's verse count (colophon included), to
 * read a verse number like `3031` as the range 30-31 it stands for.
 */
export function leadingReference(text: string, versesIn: (chapter: number) => number): Reference | null {
  const m = LEADING.exec(text);
  if (!m) return null;
  const chapter = Number(m[1]);
  let from = Number(m[2]);
  let to = from;
  let joined = false;
  const count = versesIn(chapter);
  if (count && from > count) {
    // Two verse numbers run together: the split that makes a range inside the chapter.
    const digits = m[2];
    for (let i = 1; i < digits.length; i++) {
      const a = Number(digits.slice(0, i));
      const b = Number(digits.slice(i));
      if (a >= 1 && b > a && b <= count && digits[i] !== '0') {
        [from, to, joined] = [a, b, true];
        break;
      }
    }
  }
  if (m[4] !== undefined && !joined) {
    const c2 = m[3] === undefined ? chapter : Number(m[3]);
    const v2 = Number(m[4]);
    // A range stays within a chapter and runs forward; anything else is a number in the text.
    if (c2 === chapter && v2 > from) to = v2;
  }
  const see = SEE_UNDER.exec(text);
  if (see && Number(see[1]) === chapter && Number(see[2]) > to) to = Number(see[2]);
  return { chapter, from, to, text: m[0].trim(), ...(joined && { joined }) };
}

export const covers = (ref: Reference, chapter: number, verse: number) => ref.chapter === chapter && ref.from <= verse && verse <= ref.to;

export const formatReference = (ref: Reference) => (ref.from === ref.to ? `${ref.chapter}.${ref.from}` : `${ref.chapter}.${ref.from}-${ref.to}`);

/**
 * Where the text proper starts, after its leading verse reference and the
 * spaces that follow it: "2.47 ", "2.47. ", "18.41 - 18.60 ", "2.47-48 ",
 * "1.12  1.29 ", "।।2.47।। ", "।।1.4 -- 1.6।।", "2.47।। ". Readers are shown
 * the reference by the page or card itself, so they are shown the text from
 * here; search snippets start here too. A second number counts only as a
 * range (after a dash, or as C.V), never a number the text begins with.
 */
export function bodyStart(text: string): number {
  const m = /^[\s\u00a0]*(?:[।|]{1,3}[\s\u00a0]*)?\d{1,2}\.\d{1,3}\.?(?:[\s\u00a0]*(?:--|-|–|—)[\s\u00a0]*(?:\d{1,2}\.)?\d{1,3}\.?|[\s\u00a0]+\d{1,2}\.\d{1,3}\.?)?(?![\d])(?:[\s\u00a0]*(?:।+|\|\|))?[\s\u00a0]*/.exec(text);
  return m ? m[0].length : 0;
}

/** A text without its leading verse reference (see bodyStart). */
export const textBody = (text: string) => text.slice(bodyStart(text));

/**
 * The phrase of a text that says the commentator had nothing to say on the
 * verse. The audit counts texts holding it; whether a whole text is such a
 * placeholder is isPlaceholder's (src/content/placeholders.ts) to say.
 */
export const PLACEHOLDER = /did not comment (?:up)?on this s[a-z]*ok|^\s*There is no purport for this verse/i;

/**
 * Is `written` one slip of a key away from `own`: a digit dropped, added or
 * changed (`6.3` for 16.3, `2.39` for 2.29, `1.118` for 1.18)?
 */
export function oneSlipFrom(written: string, own: string): boolean {
  if (written === own || Math.abs(written.length - own.length) > 1) return false;
  let i = 0;
  while (i < written.length && i < own.length && written[i] === own[i]) i++;
  if (written.length === own.length) return written.slice(i + 1) === own.slice(i + 1);
  return written.length > own.length ? written.slice(i + 1) === own.slice(i) : written.slice(i) === own.slice(i + 1);
}
