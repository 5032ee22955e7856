// References in a text: every Gita reference a text holds, where it stands,
// as Sefaria's find-refs answers it; the finder the tagger runs in a page.
// The answer's schema (FoundRefs) is declared once with its type, in
// src/content/ref-schemas.ts, and loaded by the route's `components`.
import { MAX_FIND_LENGTH, MAX_FOUND_REFS } from '../../content/find-refs.ts';
import { MAX_REFS_BODY } from '../limits.ts';
import { errorContent, json, JSON_TYPE, ok, randomHeaders, schema } from '../responses.ts';
import { POST, route } from '../route.ts';
import type { ToolRun } from '../route.ts';
import { REFS_BODY } from '../bodies.ts';

export const REFS_ROUTES = [
  route({
    id: 'refs',
    client: 'findRefs',
    path: '/refs',
    methods: POST,
    access: 'metered',
    summary: `Every Gita reference in a text, as people write them (the finder the tagger, linker.js, runs in a page): POST the text, as JSON {"text": "..."} or text/plain, at most ${MAX_FIND_LENGTH.toLocaleString('en-US')} characters; answers {refs: [{start, end, text, ref, exists}], more}: where each stands in the text ([start, end), UTF-16 offsets), as written, its canonical form (as /verses labels it) and whether the verses it names exist; at most ${MAX_FOUND_REFS.toLocaleString('en-US')}, more saying the text holds others after them.`,
    example: '/refs',
    notFound: 'resource',
    query: [],
    body: REFS_BODY,
    requestBody: {
      required: true,
      content: {
        [JSON_TYPE]: { schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: MAX_FIND_LENGTH } } }, example: { text: 'As the Gita (2.47) says, and in chapter eighteen, verse sixty-six of the Gita.' } },
        'text/plain': { schema: { type: 'string', maxLength: MAX_FIND_LENGTH } },
      },
    },
    responses: {
      '200': ok('The references found, in the order they stand in the text.', json(schema('FoundRefs')), randomHeaders),
      '400': ok(`The body is not JSON with a string text (or not UTF-8), or the text is over ${MAX_FIND_LENGTH.toLocaleString('en-US')} characters: the message says which.`, errorContent('text: 100001 characters; at most 100000')),
      '413': ok(`A body over ${MAX_REFS_BODY / 1024} kB.`, errorContent('Payload Too Large')),
      '415': ok('A body that is neither JSON nor text/plain.', errorContent('Unsupported Media Type')),
    },
    components: () => import('../../content/ref-schemas.ts').then((m) => m.refSchemas()),
    tool: {
      name: 'find_refs',
      rank: 20,
      title: 'Find the Gita references in a text',
      description: `Every reference to the Bhagavad Gita in a text, as people write them ("Gita 2.47", "BG 18:66", "chapter two, verse forty-seven of the Gita", "गीता 2।47"), with where each stands in the text, its canonical form (what get_verses takes) and whether the verses exist; the same reader as POST /refs and the page tagger. For a text that cites the Gita: find what it cites, then get_verses to read it. At most ${MAX_FIND_LENGTH.toLocaleString('en-US')} characters.`,
      // Its JSON body's text.
      args: ['text'],
      about: { text: 'The text to read: prose, a message, an article.' },
      // Its answer grows with the text: a few references a line at most.
      cost: { of: 'text' },
      run: (): Promise<ToolRun> => import('../../mcp/answered.ts').then((m) => m.findRefsIn),
    },
  }),
] as const;
