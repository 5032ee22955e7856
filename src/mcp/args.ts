// A tool's arguments, made from its route's own declaration (route.ts
// ToolSpec): the path's and the query's parameters it names, or its JSON
// body's properties, each with the API's JSON Schema (a list as an array) and
// the API's wording, values and all, unless the tool words it for itself.
// The tool's answer checks the values with the same readers the routes use.
import * as z from 'zod';
import { JSON_TYPE } from '../contract/responses.ts';
import { parameterOf, type ToolFacts, type ToolOnlyArg } from '../contract/route.ts';
import type { JsonSchema, Parameter } from '../contract/parameters.ts';
import { PATH_PARAMETERS, type PathParameter } from '../contract/path-parameters.ts';
import type { ToolRoute } from '../contract/mcp.ts';

/** One argument: its JSON Schema, whether a call must give it, and its description. */
export interface ToolArg {
  name: string;
  schema: JsonSchema;
  required: boolean;
  description: string;
}

/** A parameter's schema as a JSON API's argument, and its wording: what it does, then the values it takes. */
function fromParameter(p: Parameter | PathParameter, about: string | undefined, facts: ToolFacts): Pick<ToolArg, 'schema' | 'description'> {
  const schema = ('json' in p && p.json ? p.json : p.schema)(facts);
  return { schema, description: `${about ?? p.about(facts)}${'values' in p ? ` Values: ${p.values(facts)}.` : ''}` };
}

/** The route's own parameter or body property called `name`, as the tool takes it. */
function routeArg(r: ToolRoute, name: string, facts: ToolFacts): ToolArg {
  const about = r.tool.about?.[name];
  if (r.path.includes(`{${name}}`)) return { name, required: true, ...fromParameter(PATH_PARAMETERS[name], about, facts) };
  const taken = r.query.find((t) => parameterOf(t).name === name);
  if (taken) {
    const own = 'param' in taken ? taken : { param: taken };
    return { name, required: !!own.required, ...fromParameter(own.param, about ?? own.about, facts) };
  }
  // A body's property (POST /refs takes {"text": ...}): the JSON Schema its route declares.
  const body = (r.requestBody?.content as Record<string, { schema?: { properties?: Record<string, JsonSchema>; required?: string[] } }> | undefined)?.[JSON_TYPE]?.schema;
  const schema = body?.properties?.[name];
  if (!schema || about === undefined) throw new Error(`the tool ${r.tool.name} takes ${name}, which its route ${r.id} does not declare (or the tool does not word)`);
  return { name, required: !!body?.required?.includes(name), schema, description: about };
}

/** A tool's own argument beyond its route's (always optional). */
function ownArg(name: string, a: ToolOnlyArg, facts: ToolFacts): ToolArg {
  if ('param' in a) return { name, required: false, ...fromParameter(a.param, a.about, facts) };
  return { name, required: false, schema: a.schema(facts), description: a.about };
}

/** The tool's arguments, in order: those of its route it names, then its own. */
export function toolArgsOf(r: ToolRoute, facts: ToolFacts): ToolArg[] {
  return [...r.tool.args.map((name) => routeArg(r, name, facts)), ...Object.entries(r.tool.also ?? {}).map(([name, a]) => ownArg(name, a, facts))];
}

/** A schema's type without its list of values: a value not taken is the tool's error, worded as the API's 400 (the description lists the values). */
function withoutEnums(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'enum') continue;
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? withoutEnums(v as Record<string, unknown>) : v;
  }
  return out;
}

/** The tool's input schema, as the SDK takes it: each argument as zod, described. */
export function inputSchemaOf(r: ToolRoute, facts: ToolFacts): Record<string, z.ZodType> {
  return Object.fromEntries(
    toolArgsOf(r, facts).map((a) => {
      const schema = z.fromJSONSchema(withoutEnums(a.schema) as Parameters<typeof z.fromJSONSchema>[0]);
      return [a.name, (a.required ? schema : schema.optional()).describe(a.description)];
    }),
  );
}
