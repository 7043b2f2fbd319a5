import type { Response } from 'supertest';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);

function expectRefusedBody(response: Response, code: string, path: Array<string | number>, message: RegExp): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: {
      status: 'failed',
      reason: 'Validation failed',
      version: 'v2',
      errors: [{ code, path, message: expect.stringMatching(message) }],
    },
  });
}

describe('hostile bodies are refused by the body parser, before any route or validator sees them', () => {
  let t: TestApp;
  let integrator: IntegratorClient;

  beforeAll(async () => {
    t = await createTestApp();
    const sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
  });
  afterAll(() => t.close());

  const postJson = (path: string, text: string) =>
    t.http().post(path).set(integrator.headers()).set('content-type', 'application/json').send(text);

  it.each(['/verify', '/api/v2/flow/ping', '/api/v2/identification/same-device', '/api/v2/document/review'])(
    'arrays nested 1,500 deep on %s are a 400 naming the bound, not a stack overflow',
    async (path) => {
      const response = await postJson(path, nested(1500));
      expectRefusedBody(response, 'invalid_json', [], /nests deeper than 32 levels/);
    },
  );

  it('a 240 KB body of nested objects is refused the same way', async () => {
    const depth = 240_000 / '{"a":}'.length;
    const response = await postJson('/api/v2/flow/ping', '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    expectRefusedBody(response, 'invalid_json', [], /nests deeper than 32 levels/);
  });

  it('brackets inside strings do not count, and 32 levels still reach the validators', async () => {
    const text = JSON.stringify({ request: '['.repeat(100) }).slice(0, -1) + `,"extra":${nested(31)}}`;
    const response = await postJson('/api/v2/flow/ping', text);
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual(
      expect.objectContaining({ code: 'unrecognized_keys', path: ['extra'] }),
    );
  });

  it('a lone surrogate in any string field is a validation issue at its path', async () => {
    const response = await integrator.create('same-device', { ...SAME_DEVICE_LOGIN, payload: 'Log in \ud800' });
    expectRefusedBody(response, 'invalid_string', ['payload'], /lone surrogate/);
    const inKey = await postJson('/api/v2/flow/ping', '{"request":"x","\\udc00":1}');
    expectRefusedBody(inKey, 'invalid_string', ['\udc00'], /lone surrogate/);
  });

  it('surrogate pairs (emoji, astral scripts) are well-formed text and accepted', async () => {
    const response = await integrator.create('same-device', { ...SAME_DEVICE_LOGIN, payload: 'Log in 😀 𝔘' });
    expect(response.status).toBe(201);
  });
});
