// The commentaries described (/authors, /authors/{key}): files of the build
// held in memory, which the path names; a key the build wrote no file for is
// the resource 404 before this runs (routes.ts, held).
import type { Handler } from '../context.ts';

export const authors: Handler = (c) => c.held(c.at.asset!);
