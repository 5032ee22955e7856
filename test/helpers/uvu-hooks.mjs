// Loaded by test/run.mjs (`node --import`): module hooks that hand every
// importer of 'uvu' test/helpers/uvu-timeout.mjs instead, which itself gets
// the real uvu. Hooks rather than an edit of every test file, so that a new
// file written the usual uvu way is limited too.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
const wrapper = ${JSON.stringify(new URL('./uvu-timeout.mjs', import.meta.url).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'uvu' && context.parentURL !== wrapper) return { url: wrapper, shortCircuit: true };
  return next(specifier, context);
}
`)}`,
);
