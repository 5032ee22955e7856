// The reading pages: a verse, a chapter and a lemma to read, for people.
import { ROOTS_ATTRIBUTION } from '../../content/roots/attribution.ts';
import { DCS_ATTRIBUTION } from '../../content/dcs/attribution.ts';
import { FILES } from '../../layout.ts';
import { PARAMETERS as P } from '../parameters.ts';
import { fixedHeaders, html, notModified, ok, response } from '../responses.ts';
import { READ, route } from '../route.ts';

const READING = [P.readingLang, P.author, P.readingVersion];

export const PAGE_ROUTES = [
  route({
    id: 'read-verse',
    path: '/read/{ch}/{sl}',
    methods: READ,
    access: 'metered',
    page: true,
    file: FILES.readVerse('{ch}', '{sl}'),
    madeBy: 'reading pages',
    summary: "A verse to read (HTML, no JavaScript): the Devanagari, transliteration and speaker, a translation (?lang=en|hi|te, ?author=KEY or ?version=ID; default: the card's, on a Telugu page the Telugu version's, each version's credit beside its text), its words, the other translators, the previous and next verse; Open Graph and Twitter tags (og:image: its PNG card), a canonical link, JSON-LD. An unknown verse: the verse 404 as a page.",
    example: '/read/2/47',
    notFound: 'verse',
    needs: ['word analysis', 'links', 'versions'],
    query: READING,
    responses: {
      '200': ok("The verse's reading page: no JavaScript; og:title, og:description, og:image (the verse's PNG card, an absolute URL from GITA_PUBLIC_URL or the request's host), og:url, twitter:card summary_large_image, a canonical link and JSON-LD (a schema.org Quotation).", html, fixedHeaders),
      '304': notModified,
      '404': response('NotFoundVersePage'),
    },
  }),
  route({
    id: 'read-chapter',
    path: '/read/{ch}',
    methods: READ,
    access: 'metered',
    page: true,
    file: FILES.readChapter('{ch}'),
    madeBy: 'reading pages',
    summary: 'A chapter to read (HTML): its name, meaning and summary (?lang=en|hi|te; the summary in English on a Telugu page, which says so), and every verse with the start of its translation (?author=KEY or ?version=ID).',
    example: '/read/2',
    notFound: 'verse',
    // Not `needs`: a chapter's page is served from the first build; one that shows a version waits for the versions (its handler).
    query: READING,
    responses: {
      '200': ok("The chapter's reading page: its name, meaning and summary, and every verse (the colophon last) with the start of its translation; the same tags as a verse's.", html, fixedHeaders),
      '304': notModified,
      '404': response('NotFoundVersePage'),
    },
  }),
  route({
    id: 'read-lemma',
    path: '/read/lemma/{lemma}',
    methods: READ,
    access: 'metered',
    page: true,
    file: '/read/lemma/{lemma}/index.html',
    madeBy: 'reading pages',
    build: (input) => import('../../publish/analysis.ts').then((m) => m.lemmaPages(input)),
    spelled: 'lemma',
    summary: `A lemma to read (HTML): every verse where it occurs, the verse's words as the DCS divides them with the occurrence highlighted, its form and grammar; the lemma as /lemma/{lemma} takes it (IAST, ASCII, Devanagari). ${DCS_ATTRIBUTION}.`,
    example: '/read/lemma/karman',
    notFound: 'verse',
    needs: ['reading pages'],
    query: [],
    responses: {
      '200': ok(`The lemma's reading page (statically: read/lemma/{lemma}/index.html): every verse where it occurs, the occurrence highlighted among the verse's words, its form and grammar; a link to each verse's page. ${DCS_ATTRIBUTION}.`, html, fixedHeaders),
      '304': notModified,
      '400': ok('A spelling that cannot be a lemma (as /lemma/{lemma} says), as a page.', html),
      '404': response('NotFoundVersePage'),
    },
  }),
  route({
    id: 'read-root',
    path: '/read/root/{root}',
    methods: READ,
    access: 'metered',
    page: true,
    file: '/read/root/{root}/index.html',
    madeBy: 'reading pages',
    build: (input) => import('../../publish/roots.ts').then((m) => m.rootPages(input)),
    spelled: 'root',
    summary: `A verbal root to read (HTML): its dhātupāṭha entries, the English meanings its words have in the word lists, and every verse with a word made from it, grouped by preverb; the root as /root/{root} takes it (IAST, ASCII, Devanagari). ${ROOTS_ATTRIBUTION}.`,
    example: '/read/root/sthā',
    notFound: 'verse',
    needs: ['reading pages'],
    query: [],
    responses: {
      '200': ok(`The root's reading page (statically: read/root/{root}/index.html). ${ROOTS_ATTRIBUTION}.`, html, fixedHeaders),
      '304': notModified,
      '400': ok('A spelling that cannot be a root (as /root/{root} says), as a page.', html),
      '404': response('NotFoundVersePage'),
    },
  }),
] as const;
