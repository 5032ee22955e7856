// POST /register: self-service free keys; a route that reads a body.
// Guards: a small body limit, form or JSON only, a honeypot field, field
// checks, a daily allowance per client address; everything echoed is escaped.
import { FIELD_LIMITS, keyIssuedPage, pricingPage, type PricingOptions } from '../pages/pricing.ts';
import type { Limiter } from '../keys/limits.ts';
import type { IssuedKey, KeyStore } from '../keys/store.ts';
import { anonSubject, type UsageStore } from '../keys/usage.ts';
import { html, json } from './respond.ts';
import type { AppRequest, AppResponse } from './types.ts';
import { ERRORS } from '../contract/errors.ts';
import { MAX_REGISTRATION_BYTES } from '../contract/limits.ts';


export interface RegisterOptions {
  keys: KeyStore;
  limiter: Limiter;
  /** Where registrations are counted (per address and day), so that their limit outlives a restart. */
  usage?: UsageStore;
  pricing: Omit<PricingOptions, 'form'>;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

type Fields = { name: string; email: string; use: string; website: string };

function validate(f: Fields): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!f.name) errors.name = 'Please give a name.';
  else if (f.name.length > FIELD_LIMITS.name) errors.name = `At most ${FIELD_LIMITS.name} characters.`;
  if (!f.email) errors.email = 'Please give an email address.';
  else if (f.email.length > FIELD_LIMITS.email || !EMAIL.test(f.email)) errors.email = 'That does not look like an email address.';
  if (!f.use) errors.use = 'Please say in a few words what you will build.';
  else if (f.use.length > FIELD_LIMITS.use) errors.use = `At most ${FIELD_LIMITS.use} characters.`;
  return errors;
}

export async function register(req: AppRequest, o: RegisterOptions): Promise<AppResponse> {
  const type = (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const asForm = type === 'application/x-www-form-urlencoded';
  const reply = (status: number, error: string, form?: PricingOptions['form'], extra: Record<string, string> = {}) =>
    asForm ? html(status, pricingPage({ ...o.pricing, form: { ...form, errors: { ...form?.errors, form: error } } }), extra) : json(status, { error, ...(form?.errors && { fields: form.errors }) }, extra);

  if (o.pricing.registration !== 'open') return reply(403, 'Registration is closed');
  if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json') return json(415, { error: 'Unsupported Media Type' });
  const declared = Number(req.header('content-length') ?? 0);
  if (declared > MAX_REGISTRATION_BYTES) return { ...json(ERRORS.payloadTooLarge.status, ERRORS.payloadTooLarge.body), close: true };
  const bytes = await req.body(MAX_REGISTRATION_BYTES);
  if (!bytes) return { ...json(ERRORS.payloadTooLarge.status, ERRORS.payloadTooLarge.body), close: true };

  let raw: Record<string, unknown>;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    raw = type === 'application/json' ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('not an object');
  } catch {
    return reply(400, 'The request body could not be read.');
  }
  const text = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string).trim() : '');
  const fields: Fields = { name: text('name'), email: text('email'), use: text('use'), website: text('website') };
  // The honeypot: hidden from people, filled in by bots.
  if (fields.website) return reply(400, 'Registration refused.');
  const errors = validate(fields);
  if (Object.keys(errors).length) return reply(400, 'Please check the fields below.', { ...fields, errors });
  if (!(await o.limiter.register(req.ip))) {
    return reply(429, ERRORS.rateLimited.body.error, fields, { 'Retry-After': '3600' });
  }
  // Counted in the usage too, which the limits start from after a restart.
  o.usage?.count(anonSubject(req.ip), 'register');
  const { key, record } = await o.keys.create({ name: fields.name, email: fields.email, use: fields.use, limit: o.pricing.keyLimit, plan: 'free' });
  const issued: IssuedKey = { key, id: record.id, name: record.name, limit: record.limit, plan: 'free' };
  return asForm ? html(201, keyIssuedPage(key, record.name, record.limit)) : json(201, issued);
}
