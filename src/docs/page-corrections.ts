// The docs page's account of what the import did to upstream's texts: the
// audit's findings and errata, the repairs, the verse text cross-checked, and
// the word analysis with its own license.
import type { AuditFile } from '../content/audit.ts';
import { REPAIR_RULES } from '../content/repairs.ts';
import { VERSE_TEXT_RULES } from '../content/verse-text.ts';
import { FILES } from '../layout.ts';
import { escapeHtml, html, raw, type Raw } from '../pages/html.ts';
import { DCS_ATTRIBUTION, DCS_CITATION, DCS_LICENSE } from '../content/dcs/attribution.ts';

const commitLink = (repository: string, commit: string) => html`<a href="https://github.com/${repository}/commit/${commit}"><code>${commit.slice(0, 7)}</code></a>`;

/** The errata (each with its evidence and source) and the audit's notes, from the import's audit. */
export function corrections(audit: AuditFile): Raw {
  const applied = audit.errata.filter((e) => e.status === 'applied');
  const obsolete = audit.errata.filter((e) => e.status === 'obsolete');
  const errata = audit.errata.length
    ? audit.errata.map((e) => {
        const evidence = audit.resolved.filter((f) => f.by === e.id);
        return html`<h3 id="erratum-${e.id}">${e.record}: ${e.status === 'applied' ? `${e.keys.length} commentaries corrected` : 'obsolete (upstream has the fix)'}</h3>
<p>${e.reason}</p>
${evidence.length ? html`<p>Evidence (the audit of the content as upstream serves it): ${evidence.map((f) => f.summary).join('; ')}.</p>` : ''}
<p>Source: <a href="https://github.com/${e.source.repository}">${e.source.repository}</a> at ${commitLink(e.source.repository, e.source.commit)}, <code>${e.source.path}</code>, SHA-256 <code>${e.source.sha256}</code>, verified at import. Keys taken from it: ${e.keys.length ? e.keys.join(', ') : 'none'}.</p>
<ul>${e.history.map((h) => html`<li>${h.date}, ${commitLink(e.source.repository, h.commit)}: ${h.event}</li>`)}</ul>`;
      })
    : html`<p>This build was imported without errata: records are served exactly as upstream has them.</p>`;
  const notes = audit.notes.length
    ? html`<p>Also noticed, and served as upstream has it (a typo in a reference or marker does not change what a text says; for identical texts nothing tells which record is right):</p>
<ul>${audit.notes.map((n) => html`<li>${n.summary}</li>`)}</ul>`
    : '';
  return html`<p>The import audits every record: a commentary whose leading verse number (such as <code>2.47</code> or <code>।।5.7 -- 5.11।।</code> for a group of verses) names another verse, a text identical to another record's, the verse markers against the record's number; and counts the placeholder texts ("did not comment on this sloka"). Findings are corrected only with upstream's own right text, named by repository, commit, path and SHA-256 (<code>src/content/errata.json</code>); the project never edits scripture text by hand. ${applied.length ? `${applied.length} correction${applied.length === 1 ? '' : 's'} applied` : 'No correction applied'}${obsolete.length ? `, ${obsolete.length} obsolete` : ''}; findings left: ${audit.findings.length}${audit.findings.length ? ` (${audit.findings.map((f) => f.summary).join('; ')})` : ''}. The whole audit: <a href="${FILES.audit}"><code>${FILES.audit}</code></a>.</p>
${errata}
${repairs(audit)}
${verseText(audit)}
${notes}`;
}

/** The verse text cross-checked (src/content/verse-text.ts): the rules with their counts and an example each, what stays, the colophons. */
function verseText(audit: AuditFile): Raw | string {
  const v = audit.verseText;
  if (!v) return '';
  const applied = v.changes.length > 0 || v.colophons.length > 0;
  return html`<h3 id="verse-text">The verse text</h3>
<p>Each verse's Devanagari is read in IAST and compared with its transliteration word by word, with two independent witnesses: the Digital Corpus of Sanskrit (the Critical Edition) and gita/gita's Devanagari. ${v.disagreements.length} disagreements of the two fields on the pinned upstream; ${v.agree.served} of ${v.agree.records} records now spell the same verse in both (${v.agree.upstream} as upstream has them). ${applied ? 'Where the witnesses decide, a field is mended; every change (record, field, before, after, the witnesses that read it, why) is in the audit.' : 'This build was imported with <code>--no-repairs</code>: the verse text is served as upstream has it, and the audit lists what disagrees.'}</p>
<ul>${VERSE_TEXT_RULES.map((rule) => html`<li><strong>${rule.id}</strong> (${(v.counts[rule.id] ?? 0).toLocaleString('en-US')} changes): ${rule.description} Example: BG${rule.example.record.slice(2)} ${rule.example.field}, "${rule.example.before}" → "${rule.example.after}".</li>`)}</ul>
${v.kept.length ? html`<p>Read otherwise by both witnesses, and kept: ${v.kept.map((k) => `${k.record} "${k.reading}" (the witnesses: "${k.witnesses}"; ${k.why})`).join('; ')}.</p>` : ''}
${v.colophons.length ? html`<p>The ${v.colophons.length} colophons (<em>iti śrīmadbhagavadgītāsu ...</em>, the editor's closing line of each chapter) are served without a speaker: upstream gives them the speaker of the chapter's last verse, but nobody in the dialogue says them.</p>` : ''}`;
}

/** The repair rules, with their counts in this build and an example each (src/content/repairs.ts). */
function repairs(audit: AuditFile): Raw {
  const r = audit.repairs;
  if (!r) return html`<p>This build was imported without repairs (<code>--no-repairs</code>): the English texts are served as upstream has them, with "qu" lost and "?" for commas.</p>`;
  return html`<p>Damages run through upstream's texts, English, Hindi and Sanskrit, and are mended at import by named rules; every single change (record, key, field, position, before, after, rule) is listed in <a href="${FILES.audit}"><code>${FILES.audit}</code></a>, and <code>npm run content -- --no-repairs</code> imports upstream's texts as they are. Nothing else in a text changes.</p>
<ul>${REPAIR_RULES.map((rule) => html`<li><strong>${rule.id}</strong> (${(r.counts[rule.id] ?? 0).toLocaleString('en-US')} changes${rule.id === 'question-mark' ? `, ${r.listSeparators.toLocaleString('en-US')} of them word-list separators` : ''}): ${rule.description} Example: BG${rule.example.record.slice(2)} ${rule.example.key}.${rule.example.field}, "${rule.example.before}" → "${rule.example.after}".</li>`)}</ul>
${r.left ? html`<p>Left as upstream has them: ${r.left.hindiQuestions.toLocaleString('en-US')} "?" of Hindi texts that are real questions, and ${(r.left.hindiUndecided + r.left.sanskritUndecided).toLocaleString('en-US')} "?" of Hindi and Sanskrit texts that no rule can place (such as the manuscript sigla of abhinav.sc).</p>` : ''}`;
}

/** The word analysis: what it is, how it was placed on the verses, and its own license (CC BY 4.0), apart from the GPL-3.0 of the verse texts. */
export function analysisSection(audit: AuditFile): Raw {
  const a = audit.analysis;
  if (!a) return raw('<h2 id="word-analysis">Word analysis</h2>\n<p>This build was imported without the word analysis.</p>');
  const lacks = a.spelling.filter((n) => n.kind === 'lacks').map((n) => n.ref);
  return raw(`<h2 id="word-analysis">Word analysis</h2>
<p><strong>${escapeHtml(DCS_ATTRIBUTION)}</strong> (<a href="${DCS_LICENSE.url}">license</a>; cite as ${escapeHtml(DCS_CITATION)}). Its analysis of the Critical Edition gives ${a.words.toLocaleString('en-US')} words of ${a.verses} verses their form, unsandhied form, lemma, part of speech and grammar (<code>/slok/C/V/analysis</code>, the <code>analysis</code> of each entry of <code>/slok/C/V/words</code>, <code>/lemma/{lemma}</code>, <code>/lemmas</code>: ${a.lemmas.toLocaleString('en-US')} lemmas). It is licensed apart from the verse texts above, and whatever republishes it must credit it so.</p>
<p>The DCS numbers chapter 13 from our 13.2 (our 13.1 is not in the Critical Edition): our 13.N is its 13.(N-1). ${a.unnumbered.length} of its sentences carry no verse number; each was placed by its letters against the verse's transliteration, a speaker line with the verse it introduces (<a href="${FILES.analysisReport}"><code>${FILES.analysisReport}</code></a> lists them). ${a.spelling.length} verses are spelled otherwise in the DCS (sandhi written out in chapters 1 and 2, other readings); in ${lacks.length} it lacks part of the verse: ${lacks.join(', ')}.</p>`);
}
