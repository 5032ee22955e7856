// The verse text mended at import (verse-text.ts says by which rules): the
// records' `slok` and `transliteration` cross-checked with the Digital Corpus
// of Sanskrit and gita/gita, and each chapter's colophon without a speaker.
// With `apply` false (--no-repairs) nothing changes and the report still
// says what disagrees.
import type { Content, SourceFile } from './read.ts';
import { isColophon } from './read.ts';
import type { VerseRecord } from './schema.ts';
import type { Analysis } from './dcs/read.ts';
import { surface } from './dcs/read.ts';
import { crossCheckVerses, fieldLetters, fieldsAgree, VERSE_TEXT_RULES, type VerseTextReport } from './verse-text.ts';

export function mendVerses(content: Content, analysis: Analysis | undefined, gitaGita: ReadonlyMap<string, string> | undefined, apply: boolean): { content: Content; report: VerseTextReport } {
  const records = content.verses.map((v) => v.record);
  const dcs = new Map(Object.entries(analysis?.verses ?? {}).map(([ref, words]) => [ref, surface(words)]));
  const attested = analysis ? new Set(Object.values(analysis.verses).flatMap((ws) => ws.flatMap((w) => [w.form, w.unsandhied, w.token ?? ''].map(fieldLetters)))) : undefined;
  const result = crossCheckVerses(records, { dcs, gitaGita: gitaGita ?? new Map(), attested });
  const chapters = new Map(content.chapters.map((c) => [c.record.chapter_number, c.record]));
  const colophons = records.filter((r) => isColophon(r, chapters.get(r.chapter)!) && typeof r.speaker === 'string').map((r) => ({ record: r._id, speaker: r.speaker! }));
  const counts = Object.fromEntries([...VERSE_TEXT_RULES.map((r) => [r.id, 0]), ['colophon-speaker', 0]]) as VerseTextReport['counts'];
  if (apply) {
    for (const c of result.changes) counts[c.rule]++;
    counts['colophon-speaker'] = colophons.length;
  }
  const silent = new Set(colophons.map((c) => c.record));
  const verses: SourceFile<VerseRecord>[] = !apply
    ? content.verses
    : content.verses.map((file) => {
        const mended = result.mended.get(file.record._id);
        if (!mended && !silent.has(file.record._id)) return file;
        // The same keys in the same order; a colophon's speaker left out.
        const record = Object.fromEntries(
          Object.entries(file.record)
            .filter(([k]) => !(k === 'speaker' && silent.has(file.record._id)))
            .map(([k, v]) => [k, mended && (k === 'slok' || k === 'transliteration') ? mended[k] : v]),
        ) as unknown as VerseRecord;
        return { file: file.file, bytes: Buffer.from(JSON.stringify(record, null, 4) + '\n'), record };
      });
  const agree = (rs: readonly VerseRecord[]) => rs.filter((r) => fieldsAgree(r.slok, r.transliteration)).length;
  return {
    content: { chapters: content.chapters, verses },
    report: {
      agree: { upstream: agree(records), served: agree(verses.map((v) => v.record)), records: records.length },
      counts,
      changes: apply ? result.changes : [],
      disagreements: result.disagreements,
      kept: result.kept,
      colophons: apply ? colophons : [],
      witnesses: { dcs: !!analysis, gitaGita: !!gitaGita },
    },
  };
}
