// The meter: each verse scanned (its syllables light and heavy, its pādas
// and their forms, its meter by name) and every verse counted under its
// meter, with those that do not scan (src/content/meter/, docs/meter.md).
// A check of the text beside it, never a change to it. The answers' schemas
// (VerseMeter, Meters) are declared once with their types, in
// src/content/meter/schemas.ts, and loaded by the first route's `components`;
// their files are made by the routes' builders (publish/meter.ts).
import { fixedHeaders, json, notFound, notModified, ok, schema } from '../responses.ts';
import { READ, route } from '../route.ts';
import type { ToolRun } from '../route.ts';
import { TOOL_VERSE } from './verses.ts';

export const METER_ROUTES = [
  route({
    id: 'verse-meter',
    client: 'meter',
    answers: { type: 'VerseMeter', from: 'content/meter/shapes' },
    clientAbout: "The verse's meter: each syllable light (L) or heavy (G), its pādas and their forms, the syllables that break a pattern; a colophon's meter is \"prose\".",
    path: '/slok/{ch}/{sl}/meter',
    methods: READ,
    access: 'metered',
    aliases: ['/slok/{ch}/{sl}/meter.json'],
    file: '/slok/{ch}/{sl}/meter.json',
    madeBy: 'meter',
    build: (input) => import('../../publish/meter.ts').then((m) => m.verseMeterFiles(input)),
    summary: "The verse's meter: {ref, meter, padas: [{text, syllables: [{text, iast, weight}], pattern, form, breaks}], size, halves, regular, notes}: each syllable light (L) or heavy (G), each pāda named (an anuṣṭubh's pathyā or vipulā, a triṣṭubh's indravajrā...) or irregular with the syllables that break it, the anuṣṭubh's halves by form, what was left out of the measure (the end mark, a speaker line, a note of a variant reading). A colophon is prose: meter \"prose\", no pādas.",
    example: '/slok/2/47/meter',
    notFound: 'verse',
    needs: ['meter'],
    query: [],
    responses: { '200': ok("The verse's scansion (statically: slok/C/V/meter.json); a colophon's says it is prose.", json(schema('VerseMeter')), fixedHeaders), '304': notModified, '404': notFound('verse') },
    components: () => import('../../content/meter/schemas.ts').then((m) => m.meterSchemas()),
    tool: {
      name: 'get_meter',
      rank: 100,
      title: "A verse's meter",
      description: "One verse scanned: its meter by name (anuṣṭubh, triṣṭubh, upajāti, indravajrā...), each pāda's syllables light (L) or heavy (G) with its pattern and form (an anuṣṭubh's pathyā or vipulā, a named pāda of eleven), whether it scans, and the syllables that break a pattern; a colophon is prose. For reciting a verse by its rhythm, or checking its text.",
      args: ['ch', 'sl'],
      about: TOOL_VERSE,
      cost: { of: 'file', verses: 1 },
      run: (): Promise<ToolRun> => import('../../mcp/tools.ts').then((m) => m.getMeter),
    },
  }),
  route({
    id: 'meters',
    client: 'meters',
    answers: { type: 'MeterSummary', from: 'content/meter/shapes' },
    clientAbout: 'Every verse under its meter, most verses first, and the verses that do not scan.',
    path: '/meters',
    methods: READ,
    access: 'metered',
    aliases: ['/meters.json'],
    file: '/meters.json',
    madeBy: 'meter',
    build: (input) => import('../../publish/meter.ts').then((m) => m.meterSummaryFile(input)),
    summary: 'Every verse counted once under its meter, most verses first, and the verses that do not scan: {verses, meters: [{meter, count, verses}], halves, hypermetric, irregular: [{ref, meter, padas: [{pada, text, pattern, breaks}], notes}], prose}; the colophons apart, as prose.',
    example: '/meters',
    notFound: 'resource',
    needs: ['meter'],
    query: [],
    responses: { '200': ok('Every verse under its meter and the verses that do not scan (statically: meters.json).', json(schema('Meters')), fixedHeaders), '304': notModified },
  }),
] as const;
