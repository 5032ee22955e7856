// The meter (/slok/{ch}/{sl}/meter, /meters): files of the build
// (publish/meter.ts), streamed as they are.
import { FILES } from '../../layout.ts';
import type { Handler } from '../context.ts';
import { notFound } from '../respond.ts';

export const verseMeter: Handler = (c) => c.file(FILES.meter(c.at.ch!, c.at.sl!), false, undefined, notFound.verse);
export const meters: Handler = (c) => c.file(FILES.meters, false, undefined, notFound.resource);
