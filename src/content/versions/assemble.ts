// A version read from any source (built-in or an operator's folder) made
// into the one model: every verse number placed on the records' numbering,
// no verse twice, every note's call in its text; then the source's repair
// rules made (unless `repairs` is false), each change listed; a text the
// rules leave empty is a verse the version lacks.
import { applyEdits } from '../repairs.ts';
import { ContentError, type ContentProblem } from '../validate.ts';
import type { RawVersion, VersionChange, VersionDefect, VersionFile, VersionText } from './model.ts';
import { placeOf, refOrder, verseRefs, type ChapterCounts, type Place } from './refs.ts';
import type { TextEdit, VersionRule } from './rules.ts';

/** The version as content/versions/<id>.json holds it. Throws ContentError naming each file and line at fault. */
export function assemble(raw: RawVersion, rules: readonly VersionRule[], counts: ChapterCounts, repairs: boolean): VersionFile {
  const { places, problems } = placeTexts(raw.texts, counts);
  if (problems.length) throw new ContentError(problems);
  const changes: VersionChange[] = [];
  const defects: VersionDefect[] = [...raw.defects];
  const texts: VersionText[] = [];
  raw.texts.forEach((t, i) => {
    const edits = repairs ? editsOf(t.text, places[i], rules) : [];
    for (const e of edits) changes.push({ ref: t.ref, rule: e.rule, position: e.position, before: e.before, after: e.after });
    const text = applyEdits(t.text, edits);
    if (!text.trim()) {
      defects.push({ ref: places[i].ref, kind: 'empty', summary: 'nothing of the verse is left once the repairs took out what is not the translation: missing' });
      return;
    }
    const notes = t.notes?.filter((n) => text.includes(`[${n.call}]`));
    texts.push({ ref: places[i].ref, text, ...(notes?.length && { notes }) });
  });
  texts.sort((a, b) => refOrder(a.ref) - refOrder(b.ref));
  const present = new Set(texts.map((t) => t.ref));
  const all = verseRefs(counts);
  const counted = Object.fromEntries(rules.map((r) => [r.id, changes.filter((c) => c.rule === r.id).length]));
  return {
    ...raw.manifest,
    verses: all.filter((r) => present.has(r)).length,
    colophons: texts.length - all.filter((r) => present.has(r)).length,
    missing: all.filter((r) => !present.has(r)),
    audit: { from: raw.from, files: raw.files, repaired: repairs, counts: counted, changes, defects, notes: texts.reduce((n, t) => n + (t.notes?.length ?? 0), 0) },
    texts,
  };
}

/** Each text's place (null where it has none), and every problem (a number that does not exist, a verse twice, a note not called) named by file and line. */
export function placeTexts(texts: RawVersion['texts'], counts: ChapterCounts): { places: Place[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const seen = new Map<string, RawVersion['texts'][number]['at']>();
  const places = texts.map((t) => {
    const place = placeOf(t.ref, counts);
    const path = `line ${t.at.line}`;
    if (typeof place === 'string') {
      problems.push({ file: t.at.file, path, expected: place });
      return null;
    }
    const first = seen.get(place.ref);
    if (first) problems.push({ file: t.at.file, path, expected: `${place.ref} is there twice (first at ${first.file === t.at.file ? '' : `${first.file} `}line ${first.line}): one text a verse` });
    seen.set(place.ref, t.at);
    for (const n of t.notes ?? []) if (!t.text.includes(`[${n.call}]`)) problems.push({ file: t.at.file, path, expected: `the note "${n.call}" is not called in the text: expected [${n.call}] where it belongs` });
    return place;
  });
  return { places: places as Place[], problems };
}

/** The edits of every rule on one text, in order; two rules may not touch the same characters. */
function editsOf(text: string, place: Place, rules: readonly VersionRule[]): Array<TextEdit & { rule: string }> {
  const edits = rules.flatMap((r) => r.edits(text, place).map((e) => ({ ...e, rule: r.id }))).sort((a, b) => a.position - b.position);
  for (let i = 1; i < edits.length; i++) {
    const prev = edits[i - 1];
    if (prev.position + prev.before.length > edits[i].position) throw new Error(`${place.ref}: the rules ${prev.rule} and ${edits[i].rule} change the same characters`);
  }
  return edits;
}
