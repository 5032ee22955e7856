// A tool that needs no words of its own answers its route's built file: the
// JSON as text and structuredContent, a missing file in its route's 404
// wording, a spelling that cannot be a lemma in the route's 400 wording.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { NOT_FOUND } from '../../src/contract/errors.ts';
import { TOOL_ROUTES } from '../../src/contract/mcp.ts';
import type { Library } from '../../src/mcp/library.ts';
import { fileTool } from '../../src/mcp/tools.ts';

const files: Record<string, unknown> = { '/lemma/ātman.json': { lemma: 'ātman', count: 3 }, '/slok/2/47/links.json': { ref: 'BG2.47', cites: [] } };
const library = { has: (p: string) => p in files, json: async (p: string) => files[p], facts: { versesPerChapter: [47, 72] } } as unknown as Library;
const toolOf = (id: string) => TOOL_ROUTES.find((r) => r.id === id)!;

test('the file as text and structuredContent', async () => {
  const out = await fileTool({ lemma: 'ātman' }, library, toolOf('lemma'));
  assert.not.ok(out.isError);
  assert.equal(out.structuredContent, { lemma: 'ātman', count: 3 });
  assert.equal(JSON.parse((out.content[0] as { text: string }).text), { lemma: 'ātman', count: 3 });
  const links = await fileTool({ ch: 2, sl: 47 }, library, toolOf('verse-links'));
  assert.equal(links.structuredContent, { ref: 'BG2.47', cites: [] });
});

test('no file: the route\'s not-found wording; a spelling that cannot be a lemma: its refusal', async () => {
  const missing = await fileTool({ lemma: 'gam' }, library, toolOf('lemma'));
  assert.ok(missing.isError);
  assert.match((missing.content[0] as { text: string }).text, NOT_FOUND.resource);
  const refused = await fileTool({ lemma: 'x'.repeat(300) }, library, toolOf('lemma'));
  assert.ok(refused.isError);
  assert.not.match((refused.content[0] as { text: string }).text, NOT_FOUND.resource);
});

test.run();
