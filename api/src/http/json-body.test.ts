import Fastify from 'fastify';
import { registerErrorHandling } from './errors';
import { jsonDepth, MAX_JSON_DEPTH, registerJsonBodyParser, TOO_DEEP } from './json-body';

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['{"text":"[[[{{{"}', 1],
    ['{"text":"a \\" [[[ \\\\"}', 1],
    ['[[],[[]],[]]', 3],
  ])('%s is %i deep', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });

  it('stops counting above the limit it is given', () => {
    expect(jsonDepth('['.repeat(1_000_000), 5)).toBe(6);
  });
});

describe('the JSON body parser', () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  app.post('/echo', async (request) => ({ body: request.body }));
  afterAll(() => app.close());

  const post = (payload: string) => app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': 'application/json' } });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more with 400 and a clear message`, async () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect((await post(nested(MAX_JSON_DEPTH))).statusCode).toBe(200);
    const refused = await post(nested(MAX_JSON_DEPTH + 1));
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { status_msg: TOO_DEEP } });
    expect((await post(nested(10_000))).json()).toEqual({ status_msg: TOO_DEEP });
  });

  it('still refuses __proto__ keys and broken JSON with 400', async () => {
    expect((await post('{"__proto__":{"admin":true}}')).statusCode).toBe(400);
    expect((await post('{"a":')).statusCode).toBe(400);
    expect((await post('{"a":"[{"}')).json()).toEqual({ body: { a: '[{' } });
  });
});
