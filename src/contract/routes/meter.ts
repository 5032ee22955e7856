// The meter: each verse scanned (its syllables light and heavy, its pādas
// and their forms, its meter by name) and every verse counted under its
// meter, with those that do not scan (src/content/meter/, docs/meter.md).
// A check of the text beside it, never a change to it.
import { ANUSHTUBH_FORMS, JAGATI_PADAS, TRISHTUBH_PADAS } from '../../content/meter/meters.ts';
import { METER_NAMES } from '../../content/meter/names.ts';
import { PADA_SIZES } from '../../content/meter/padas.ts';
import { FILES } from '../../layout.ts';
import { fixedHeaders, json, notFound, notModified, ok, schema } from '../responses.ts';
import { READ, route } from '../route.ts';
import { TOOL_VERSE } from './verses.ts';

const text = (description: string) => ({ type: 'string', description });
const refs = (description: string) => ({ type: 'array', items: { type: 'string' }, description });
const WEIGHT = { type: 'string', enum: ['L', 'G'] };
const PATTERN = { type: 'string', pattern: '^[LG]*$', description: 'The weights in a row, L light (laghu), G heavy (guru); the last syllable by its own weight (free in every meter).' };
const FORM = { type: 'string', enum: [...Object.values(ANUSHTUBH_FORMS), ...Object.keys(TRISHTUBH_PADAS), ...Object.keys(JAGATI_PADAS), 'hypermetric', 'irregular'] };
const METER = { type: 'string', enum: [...METER_NAMES, 'prose', 'unscanned'], description: 'The meter by name; prose for a colophon.' };
const BREAKS = { type: 'array', items: schema('MeterBreak'), description: 'The syllables that break the nearest pattern.' };

export const METER_ROUTES = [
  route({
    id: 'verse-meter',
    client: 'meter',
    path: '/slok/{ch}/{sl}/meter',
    methods: READ,
    access: 'metered',
    aliases: [FILES.meter('{ch}', '{sl}')],
    file: FILES.meter('{ch}', '{sl}'),
    madeBy: 'meter',
    summary: "The verse's meter: {ref, meter, padas: [{text, syllables: [{text, iast, weight}], pattern, form, breaks}], size, halves, regular, notes}: each syllable light (L) or heavy (G), each pāda named (an anuṣṭubh's pathyā or vipulā, a triṣṭubh's indravajrā...) or irregular with the syllables that break it, the anuṣṭubh's halves by form, what was left out of the measure (the end mark, a speaker line, a note of a variant reading). A colophon is prose: meter \"prose\", no pādas.",
    example: '/slok/2/47/meter',
    notFound: 'verse',
    needs: ['meter'],
    query: [],
    schemas: {
      VerseMeter: {
        type: 'object',
        required: ['ref', 'meter', 'padas', 'regular', 'notes'],
        additionalProperties: false,
        properties: {
          ref: text('The verse, as the records name it: BG2.47 (a colophon is its chapter\'s verses_count + 1).'),
          meter: METER,
          padas: { type: 'array', items: schema('MeterPada'), description: 'The pādas as the verse is measured (a printed line of an anuṣṭubh is two); [] for a colophon.' },
          size: { type: 'integer', enum: [...PADA_SIZES], description: "The syllables of the verse's pāda: 8 (anuṣṭubh), 11 (triṣṭubh), 12 (jagatī); absent for a colophon." },
          halves: { type: 'array', items: FORM, description: "An anuṣṭubh's halves, each by its odd pāda's form (pathyā or which vipulā), or irregular, or hypermetric." },
          regular: { type: 'boolean', description: 'Four pādas, each named or one of the epic\'s licenses (a pāda of nine in an anuṣṭubh, of twelve in a triṣṭubh).' },
          notes: { type: 'array', items: { type: 'string' }, description: 'What was left out of the measure and why, what a named form keeps loosely, what breaks.' },
        },
      },
      MeterPada: {
        type: 'object',
        required: ['text', 'syllables', 'pattern', 'form'],
        additionalProperties: false,
        properties: {
          text: text('The pāda as the Devanagari writes it.'),
          syllables: { type: 'array', items: schema('MeterSyllable') },
          pattern: PATTERN,
          form: { ...FORM, description: 'Its form: an anuṣṭubh pāda\'s pathyā or vipulā, a named pāda of eleven or twelve, hypermetric (the epic\'s license), or irregular.' },
          breaks: BREAKS,
        },
      },
      MeterSyllable: {
        type: 'object',
        required: ['text', 'iast', 'weight'],
        additionalProperties: false,
        properties: { text: text('The syllable as the Devanagari writes it.'), iast: text('In IAST.'), weight: { ...WEIGHT, description: 'L light (laghu), G heavy (guru).' } },
      },
      MeterBreak: {
        type: 'object',
        required: ['at', 'text', 'weight', 'wanted'],
        additionalProperties: false,
        properties: { at: { type: 'integer', minimum: 1, description: "The syllable's place in the pāda (1: its first)." }, text: { type: 'string' }, weight: WEIGHT, wanted: { ...WEIGHT, description: 'The weight the nearest pattern wants there.' } },
      },
    },
    responses: { '200': ok("The verse's scansion (statically: slok/C/V/meter.json); a colophon's says it is prose.", json(schema('VerseMeter')), fixedHeaders), '304': notModified, '404': notFound('verse') },
    tool: {
      name: 'get_meter',
      title: "A verse's meter",
      description: "One verse scanned: its meter by name (anuṣṭubh, triṣṭubh, upajāti, indravajrā...), each pāda's syllables light (L) or heavy (G) with its pattern and form (an anuṣṭubh's pathyā or vipulā, a named pāda of eleven), whether it scans, and the syllables that break a pattern; a colophon is prose. For reciting a verse by its rhythm, or checking its text.",
      args: ['ch', 'sl'],
      about: TOOL_VERSE,
      cost: { of: 'file', verses: 1 },
    },
  }),
  route({
    id: 'meters',
    client: 'meters',
    path: '/meters',
    methods: READ,
    access: 'metered',
    aliases: [FILES.meters],
    file: FILES.meters,
    madeBy: 'meter',
    summary: 'Every verse counted once under its meter, most verses first, and the verses that do not scan: {verses, meters: [{meter, count, verses}], halves, hypermetric, irregular: [{ref, meter, padas: [{pada, text, pattern, breaks}], notes}], prose}; the colophons apart, as prose.',
    example: '/meters',
    notFound: 'resource',
    needs: ['meter'],
    query: [],
    schemas: {
      Meters: {
        type: 'object',
        required: ['verses', 'meters', 'halves', 'hypermetric', 'irregular', 'prose'],
        additionalProperties: false,
        properties: {
          verses: { type: 'integer', minimum: 0, description: 'The verses measured (the colophons are not).' },
          meters: {
            type: 'array',
            description: 'Each meter with its verses, every verse under one meter, most verses first.',
            items: { type: 'object', required: ['meter', 'count', 'verses'], additionalProperties: false, properties: { meter: METER, count: { type: 'integer', minimum: 1 }, verses: refs('Its verses, in order: BG2.5.') } },
          },
          halves: { type: 'object', additionalProperties: { type: 'integer' }, description: "The anuṣṭubh's halves by form: pathyā, na-vipulā, bha-vipulā, ma-vipulā, ra-vipulā, hypermetric, irregular." },
          hypermetric: refs('The verses with a pāda the epic\'s licenses allow: nine syllables in an anuṣṭubh, twelve in a triṣṭubh.'),
          irregular: {
            type: 'array',
            description: 'The verses that do not scan: each pāda that breaks, with its syllables that do.',
            items: {
              type: 'object',
              required: ['ref', 'meter', 'padas', 'notes'],
              additionalProperties: false,
              properties: {
                ref: { type: 'string' },
                meter: METER,
                padas: { type: 'array', items: { type: 'object', required: ['pada', 'text', 'pattern', 'breaks'], additionalProperties: false, properties: { pada: text('a, b, c or d.'), text: { type: 'string' }, pattern: PATTERN, breaks: BREAKS } } },
                notes: { type: 'array', items: { type: 'string' } },
              },
            },
          },
          prose: refs('The colophons: prose, not measured.'),
        },
      },
    },
    responses: { '200': ok('Every verse under its meter and the verses that do not scan (statically: meters.json).', json(schema('Meters')), fixedHeaders), '304': notModified },
  }),
] as const;
