// The verse card, to embed in a page or a README (SVG), and its picture for
// link previews (PNG): a verse's, the verse of the day's, a random one.
import { FILES } from '../../layout.ts';
import { PARAMETERS as P } from '../parameters.ts';
import { cardHeaders, fixedHeaders, notFound, notModified, ok, png, PNG_NOTE, randomHeaders, svg } from '../responses.ts';
import { READ, route } from '../route.ts';

/** The queries of /gita.svg and /gita.png: a random card, or one of a chapter, a speaker, a verse. */
const CARD_QUERY = [
  { param: P.ch, about: 'A chapter: a random verse of it (never its colophon).' },
  { param: P.sl, about: 'With ch: that verse (1 to its verses_count + 1). Without ch, or a verse the chapter has not: 400.' },
  P.speaker,
  P.theme,
];

export const CARD_ROUTES = [
  route({
    id: 'today-card',
    path: '/slok/today/gita.svg',
    methods: READ,
    access: 'metered',
    themed: true,
    file: FILES.todayCard(),
    madeBy: 'cards',
    summary: 'The card of the verse of the day (gita-light.svg and gita-dark.svg beside it force a theme); ?date= as on /slok/today.',
    example: '/slok/today/gita.svg',
    notFound: 'verse',
    needs: ['cards'],
    query: [P.date, P.theme],
    responses: {
      '200': ok('The card of the verse of the day; gita-light.svg and gita-dark.svg beside it force a theme. Cached until midnight UTC.', svg, { ...cardHeaders, ...fixedHeaders }),
      '304': notModified,
      '404': notFound('verse'),
    },
  }),
  route({
    id: 'today-card-png',
    path: '/slok/today/gita.png',
    methods: READ,
    access: 'metered',
    themed: true,
    file: FILES.todayPng(),
    madeBy: 'cards',
    summary: 'The card of the verse of the day as a PNG, 1200x630 for link previews (gita.png is the light picture; gita-light.png, gita-dark.png); ?date= as on /slok/today.',
    example: '/slok/today/gita.png',
    notFound: 'verse',
    needs: ['cards'],
    pool: 'png',
    query: [P.date, P.theme],
    responses: {
      '200': ok(`The card of the verse of the day as a PNG, 1200x630 (the size link previews use). ${PNG_NOTE} Cached until midnight UTC.`, png, fixedHeaders),
      '304': notModified,
      '404': notFound('verse'),
    },
  }),
  route({
    id: 'card',
    path: '/gita.svg',
    methods: READ,
    access: 'metered',
    themed: true,
    random: true,
    // On a static host, the build's verse of the day.
    file: FILES.dailyCard(),
    madeBy: 'cards',
    summary: 'A verse card (SVG): a random verse; ?ch=C and ?speaker= narrow the draw; ?ch=C&sl=V that verse; ?theme=light|dark forces a theme.',
    example: '/gita.svg?ch=2&sl=47',
    notFound: 'verse',
    needs: ['cards'],
    query: CARD_QUERY,
    responses: {
      '200': ok('A verse card. Random (Cache-Control: no-store) unless ch and sl name the verse. /gita-light.svg and /gita-dark.svg are the same with a theme forced; on a static host /gita.svg is the verse of the day.', svg, { ...cardHeaders, ...randomHeaders }),
      '404': notFound('verse'),
    },
  }),
  route({
    id: 'card-png',
    path: '/gita.png',
    methods: READ,
    access: 'metered',
    themed: true,
    random: true,
    file: FILES.dailyPng(),
    madeBy: 'cards',
    summary: 'A verse card as a PNG, 1200x630 for link previews: the same queries as /gita.svg (?ch=, ?speaker=, ?ch=C&sl=V, ?theme=); gita.png is the light picture, gita-dark.png the dark one.',
    example: '/gita.png?ch=2&sl=47',
    notFound: 'verse',
    needs: ['cards'],
    pool: 'png',
    query: CARD_QUERY,
    responses: {
      '200': ok(`A verse card as a PNG, 1200x630, with the queries of /gita.svg: random (Cache-Control: no-store) unless ch and sl name the verse. ${PNG_NOTE} On a static host /gita.png is the verse of the day.`, png, randomHeaders),
      '404': notFound('verse'),
    },
  }),
  route({
    id: 'verse-card',
    path: '/slok/{ch}/{sl}/gita.svg',
    methods: READ,
    access: 'metered',
    themed: true,
    file: FILES.card('{ch}', '{sl}'),
    madeBy: 'cards',
    held: true,
    summary: 'The card of one verse; gita-light.svg and gita-dark.svg beside it (or ?theme=) force a theme.',
    example: '/slok/2/47/gita.svg',
    notFound: 'verse',
    needs: ['cards'],
    query: [P.theme],
    responses: {
      '200': ok('The card of the verse. gita-light.svg and gita-dark.svg beside gita.svg force a theme.', svg, { ...cardHeaders, ...fixedHeaders }),
      '304': notModified,
      '404': notFound('verse'),
    },
  }),
  route({
    id: 'verse-card-png',
    path: '/slok/{ch}/{sl}/gita.png',
    methods: READ,
    access: 'metered',
    themed: true,
    file: FILES.cardPng('{ch}', '{sl}'),
    madeBy: 'cards',
    // Drawn from the verse's SVG card, held in memory.
    held: FILES.card('{ch}', '{sl}'),
    summary: 'The card of one verse as a PNG, 1200x630 (gita.png light; gita-light.png, gita-dark.png, or ?theme=).',
    example: '/slok/2/47/gita.png',
    notFound: 'verse',
    needs: ['cards'],
    pool: 'png',
    query: [P.theme],
    responses: {
      '200': ok(`The card of the verse as a PNG, 1200x630: what to give og:image for a link to the verse. ${PNG_NOTE} Statically, only in a build made with --png.`, png, fixedHeaders),
      '304': notModified,
      '404': notFound('verse'),
    },
  }),
] as const;
