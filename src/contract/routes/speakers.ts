// Who speaks: every speaker of the Gita with the verses they speak. The
// answer's schema (Speakers) is declared once with its type, in
// src/content/speakers-schema.ts, and loaded by the route's `components`;
// its file is made by the route's builder (content/speakers.ts).
import { fixedHeaders, json, notModified, ok, schema } from '../responses.ts';
import { READ, route } from '../route.ts';

export const SPEAKER_ROUTES = [
  route({
    id: 'speakers',
    client: 'speakers',
    answers: { type: 'SpeakersList', from: 'content/speakers' },
    clientAbout: 'Every speaker (Dhṛtarāṣṭra, Sañjaya, Arjuna, Kṛṣṇa) with the verses they speak, in verse order; slug is what a speaker filter takes.',
    path: '/speakers',
    methods: READ,
    access: 'metered',
    aliases: ['/speakers.json'],
    file: '/speakers.json',
    build: (input) => import('../../content/speakers.ts').then((m) => [{ json: m.speakersList(input.facts) }]),
    summary: "Every speaker of the Gita with the verses they speak, in verse order: {count, speakers: [{slug, name, label, verses, refs}]}: slug is what ?speaker= takes (/slok?speaker=arjuna, /search?speaker=krishna), name the records' Devanagari (श्रीभगवान्), label the English (Krishna), refs each verse (BG2.11); the chapters' colophons are spoken by nobody.",
    example: '/speakers',
    notFound: 'resource',
    query: [],
    responses: { '200': ok('Every speaker with their verses (statically: speakers.json).', json(schema('Speakers')), fixedHeaders), '304': notModified },
    components: () => import('../../content/speakers-schema.ts').then((m) => m.speakerSchemas()),
  }),
] as const;
