// The bodies of the methods that answer their route's file as it is (words,
// meter, roots...: file-methods.ts, written from the routes that declare
// `answers`): one function over the route table's list of them, each method
// taking its path's parameters in order and asking, as every method does,
// at(s, method, params) by get: the route's path on a server, its file on a
// static host; a lemma or a root by its spelling (the route's `spelled`) as
// bySpelling reads it.
import { SPELLED } from '../content/dcs/lemma-name.ts';
import { FILE_METHODS, SPELLED_METHODS, type ClientMethod } from '../contract/routes/client-paths.ts';
import { bySpelling } from './named.ts';
import { at } from './paths.ts';
import { get } from './transport.ts';
import type { FileMethods } from './file-methods.ts';
import type { State } from './state.ts';

export function fileMethods(s: State): FileMethods {
  const made: Record<string, (...args: Array<string | number>) => Promise<unknown>> = {};
  for (const [method, names] of Object.entries(FILE_METHODS) as Array<[ClientMethod, readonly string[]]>) {
    const spelled = SPELLED_METHODS[method];
    made[method] = spelled ? (name) => bySpelling(s, method, SPELLED[spelled], String(name)) : (...args) => get(s, at(s, method, Object.fromEntries(names.map((name, i) => [name, args[i]]))));
  }
  return made as unknown as FileMethods;
}
