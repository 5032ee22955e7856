// Search: the verses by what they say or how they sound.
import { SNIPPET_MAX } from '../limits.ts';
import { PARAMETERS as P } from '../parameters.ts';
import { header, html, json, notModified, ok, rateHeaders, schema } from '../responses.ts';
import { READ, route } from '../route.ts';
import type { ToolRun } from '../route.ts';
import { SEARCHED_TRANSLATIONS } from '../../search/fields.ts';

export const SEARCH_ROUTES = [
  route({
    id: 'search',
    client: 'search',
    path: '/search',
    methods: READ,
    access: 'metered',
    summary: 'Search the 701 verses: English and Hindi translations, the versions (Besant\'s English, the Telugu in Telugu script), and the verse in Devanagari or its transliteration, typed as people type Sanskrit (IAST with or without diacritics, or plain ASCII: karmanye vadhikaraste); lang, ch, speaker, root (the verses with a word of a verbal root: root=sthā) and limit narrow it; format=html answers a page.',
    example: '/search?q=karmanye%20vadhikaraste',
    notFound: 'resource',
    pool: 'search',
    needs: ['search'],
    query: [
      { param: P.q, required: true },
      { param: P.searchLang, about: `Search one language only: en (the English translations of ${SEARCHED_TRANSLATIONS.en.join(', ')}, the verse's words, field "words", and the English versions, such as besant), hi (the Hindi translations of ${SEARCHED_TRANSLATIONS.hi.join(', ')}), sa (slok and transliteration), or the language of a version this build holds (/versions): te, the Telugu of Wikisource, typed in Telugu script.` },
      { param: P.ch, about: 'Only verses of this chapter.' },
      P.speaker,
      P.root,
      P.limit,
      P.offset,
      P.format,
    ],
    responses: {
      '200': ok(`The matching verses, best first (never a colophon): for each, the fields that matched best with a snippet of at most ${SNIPPET_MAX} characters and the matched ranges in it (a version's with its credit). With format=html, a page.`, { ...json(schema('SearchResponse')), ...html }, { ETag: header('ETag'), 'Cache-Control': header('CacheControl'), ...rateHeaders }),
      '304': notModified,
    },
    components: () => import('../../content/service-schemas.ts').then((m) => m.searchSchemas()),
    tool: {
      name: 'search',
      rank: 60,
      title: 'Search the verses',
      description: (f) =>
        `Search the ${f.verses} verses by words: the English and Hindi translations, the versions (${(f.versions ?? []).map((v) => `${v.id}, ${v.language}`).join('; ') || 'none in this build'}: a Telugu one in Telugu script), and the Sanskrit in Devanagari or transliteration typed any way (IAST, or plain ASCII such as "karmanye vadhikaraste"). A version's text comes with its credit, to show with it. Returns the best matching verses with snippets, and total (how many match): page with offset (the next page is offset + limit); an empty answer says why. A query in Latin letters with lang "hi" searches the Hindi through its Devanagari spelling. Call get_verses on a result to read it whole.`,
      args: ['q', 'lang', 'ch', 'limit', 'offset'],
      about: { lang: "Search only the texts in this language (a version's language too: te, the Telugu, typed in Telugu script).", ch: 'Search only this chapter.', limit: 'How many verses to return.' },
      cost: { of: 'results' },
      run: (): Promise<ToolRun> => import('../../mcp/answered.ts').then((m) => m.searchVerses),
    },
  }),
] as const;
