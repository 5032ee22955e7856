// ?meter=, which narrows a random draw or a reference's verses to the verses
// of some meters, read against each verse's meter as meters.json lists it.
// (/slok/{ch}/{sl}/meter and /meters serve their files of the build as they
// are: their routes need no handler.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MeterSummary } from '../../content/meter/report.ts';
import { ROUTE } from '../../contract/routes/index.ts';
import type { Context } from '../context.ts';
import { stillBuilding } from '../respond.ts';
import type { Served } from '../served.ts';
import type { AppResponse } from '../types.ts';


/** Each verse's meter by ref, per build: read from meters.json when a filter first asks (40 kB, once). */
const meterOf = new WeakMap<Served, ReadonlyMap<string, string>>();

/** meters.json: /meters's file. */
const METERS = ROUTE.meters.file!;

function metersOf(s: Served): ReadonlyMap<string, string> {
  let known = meterOf.get(s);
  if (!known) {
    // A build without the file (none of this code's) has no verse of any meter.
    const summary = s.dist.manifest.files[METERS] ? (JSON.parse(readFileSync(join(s.dist.dir, METERS), 'utf8')) as MeterSummary) : { meters: [] };
    meterOf.set(s, (known = new Map(summary.meters.flatMap((m) => m.verses.map((ref) => [ref, m.meter] as const)))));
  }
  return known;
}

/** What ?meter= keeps: a test of a verse by its ref, and the meters for a cache key. */
export interface MeterChoice {
  keeps: (ref: string) => boolean;
  key: string;
}

/** ?meter= (read before the handler: app.ts): absent (null), or the verses it keeps; 503 while a fresh start's build has not made the meter yet. */
export function meterChoice(c: Context<'random-verse' | 'verses' | 'verses-ref'>): MeterChoice | null | AppResponse {
  const asked = c.valid.meter;
  if (asked === undefined) return null;
  if (c.served.pending.has('meter')) return stillBuilding;
  const of = metersOf(c.served);
  return { keeps: (ref) => asked.includes(of.get(ref) as never), key: [...asked].sort().join(',') };
}

export const isChoice = (v: MeterChoice | AppResponse): v is MeterChoice => 'keeps' in v;
