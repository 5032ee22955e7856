// A handler is given its route's path parameters typed from the route's own
// path (src/contract/path-values.ts): checked by the compiler (npm run
// typecheck; a line marked @ts-expect-error that compiles is an error), and
// at run time by what the matcher gives a handler of each route.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PathNames, PathValues } from '../../src/contract/path-values.ts';
import { matchRoute } from '../../src/contract/match.ts';
import { ROUTES } from '../../src/contract/routes/index.ts';
import type { Handler } from '../../src/http/context.ts';
import { exampleValues } from '../helpers/route-cases.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const is = <T extends true>(_: T) => {};

is<Equal<PathNames<'/slok/{ch}/{from}-{to}'>, 'ch' | 'from' | 'to'>>(true);
is<Equal<PathValues<'verse-words'>, { readonly ch: number; readonly sl: number }>>(true);
is<Equal<PathValues<'lemma'>, { readonly lemma: string }>>(true);
is<Equal<PathValues<'chapters'>, {}>>(true);

// A handler of a verse's route reads its chapter and verse as numbers, without assertions...
export const words: Handler<'verse-words'> = (c) => c.given(200, [], String(c.at.ch + c.at.sl));
// ...and a parameter its path does not have is not there to read.
// @ts-expect-error: /slok/{ch}/{sl}/words names no lemma
export const noLemma: Handler<'verse-words'> = (c) => c.given(200, [], String(c.at.lemma.length));
// A handler of two routes reads what both paths say.
export const card: Handler<'verse-card' | 'verse-card-png'> = (c) => c.given(200, [], String(c.at.ch * c.at.sl));

test('what the matcher gives a handler holds every parameter its route\'s path names', () => {
  let checked = 0;
  for (const r of ROUTES) {
    const values = exampleValues(r);
    const names = Object.keys(values);
    if (!names.length) continue;
    const m = matchRoute(r.example.split('?')[0], Array.from({ length: 18 }, () => 78));
    assert.ok(m.route, `${r.example} matches`);
    for (const name of names) assert.ok((m as unknown as Record<string, unknown>)[name] !== undefined, `${r.id}: ${name} is given`);
    checked++;
  }
  assert.ok(checked > 20, `${checked} routes with path parameters`);
});

test.run();
