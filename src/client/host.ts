// Static mode: what a static host's files cannot say themselves, done here by
// the server's own rules (its readers of the parameters, its sentences on a
// 400, its projection).
import { PARAMETER_ERRORS, PARAMETERS } from '../contract/parameters.ts';
import { projectRecord } from '../content/projection.ts';
import { isCommentaryShaped } from '../content/schema.ts';
import { GitaError } from './error.ts';
import { at } from './paths.ts';
import { get } from './transport.ts';
import type { Facts, State } from './state.ts';
import type { MeterSummary } from './file-methods.ts';
import type { MeterName, ProjectionOptions } from './types.ts';

/** What the parameters' readers need of the facts when the answer does not depend on them. */
const NO_FACTS = { versesPerChapter: [], speakers: [] };

/** The host's content.json, read once; a failure is forgotten, so the next call asks again. */
export function loadFacts(s: State): Promise<Facts> {
  return (s.facts ??= get<Facts>(s, 'content.json').catch((err) => ((s.facts = null), Promise.reject(err))));
}

/** authors, fields and marks, applied here to what a static host has (the whole record, or its language form): marks=iast by the server's rule (projectRecord). */
export function narrow<T>(s: State, record: T, p?: ProjectionOptions): T {
  // Read as the server reads ?marks= (its sentence on a 400).
  const read = p?.marks === undefined ? undefined : PARAMETERS.marks.read(String(p.marks), NO_FACTS);
  if (typeof read === 'object') throw new GitaError(400, read.error, s.base);
  const marks = read === 'iast' ? read : undefined;
  return p && (p.authors || p.fields || marks) ? (projectRecord(record as Record<string, unknown>, { authors: p.authors && [...p.authors], fields: p.fields && [...p.fields], marks }, (k) => isCommentaryShaped((record as Record<string, unknown>)[k])) as T) : record;
}

/** One verse's file (in a language when asked), projected here. */
export async function staticVerse(s: State, ch: number, sl: number, p?: ProjectionOptions) {
  return narrow(s, await get(s, at(s, 'verse', { ch, sl }, p?.lang)), p);
}

/** A speaker's place in the facts, by slug or name, as the server reads ?speaker=. */
export function speakerIndex(s: State, f: Facts, speaker: string): number {
  const i = f.speakers.findIndex((x) => x.slug === speaker.trim().toLowerCase() || x.name === speaker.trim().normalize('NFC'));
  if (i === -1) throw new GitaError(400, PARAMETER_ERRORS.value('speaker', speaker, 'a speaker here', PARAMETERS.speaker.values(f)), s.base);
  return i;
}

/** ?meter= as the server reads it (its sentence on a 400), and each verse's meter from the host's meters.json: what a static host's draw and list keep. */
export async function meterKeeps(s: State, asked: readonly string[]): Promise<(ch: number, sl: number) => boolean> {
  const named = PARAMETERS.meter.read(asked.join(','), NO_FACTS);
  if ('error' in named) throw new GitaError(400, named.error, s.base);
  const of = new Map((await get<MeterSummary>(s, at(s, 'meters'))).meters.flatMap((m) => m.verses.map((ref) => [ref, m.meter] as const)));
  return (ch, sl) => named.includes(of.get(`BG${ch}.${sl}`) as MeterName);
}

export const sha256 = async (text: string) => new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
