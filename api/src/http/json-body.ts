import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * JSON bodies with a bound on their nesting. JSON.parse copes with any depth, but what walks the value
 * afterwards recurses: yup printing a value in a message, a serializer, a logger. Our bodies are at most
 * three levels deep (a budget's lines of months); 32 leaves room for any legitimate client, and a body
 * nested deeper is refused before it is parsed.
 */

export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = 'The request body is nested too deeply';
export const NOT_AN_OBJECT = 'The request body must be a JSON object';

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (brackets inside strings do not count). */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
}

/**
 * Replaces Fastify's JSON parser (secure-json-parse, refusing `__proto__` and `constructor.prototype`) with
 * the same parser behind the depth check. Plugins that read their own bodies (the M-Pesa callbacks) keep theirs.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return done(badRequest(TOO_DEEP), undefined);
    return parse(request, text, done);
  });
}

/** A body that must be a JSON object (a form's fields): anything else answers 400 NOT_AN_OBJECT. */
export function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}
