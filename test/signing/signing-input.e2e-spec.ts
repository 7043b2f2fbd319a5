import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import type { AppStartMode } from '../../src/flows/flow-kind';
import { Flow } from '../../src/flows/flow.entity';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { SCOPES, Scope } from '../../src/tenants/scopes';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { createSigning } from '../support/signing-flows';
import { createTenant } from '../support/tenant-factory';
import { TestApp, createTestApp } from '../support/test-app';

interface Issue {
  code: string;
  path: Array<string | number>;
  message: string;
}

const issue = (code: string, path: Array<string | number>, message: string): Issue => ({ code, path, message });
const required = (field: string) => issue('invalid_type', field.split('.'), `${field} is required`);

/** A public https host: the outbound guard takes it without a DNS query, and no flow here ever ends to call it. */
const WEBHOOK = { host: 'https://shop.example/webhooks/idflow', reference: 'order-1042' };
const NO_DIGITAL_ID = 'The national has no digital ID; offer signup or a wildcard flow instead';

const TARGETED: AppStartMode[] = ['same-device', 'different-device'];
const MODES: AppStartMode[] = [...TARGETED, 'wildcard'];
const ACTIONS = ['sign', 'confirm'] as const;
type Action = (typeof ACTIONS)[number];

type BadBody = [label: string, changes: Record<string, unknown>, issues: Issue[]];

/** Bad bodies for every mode and action, as changes to a valid body (undefined removes the field). */
const COMMON_BAD_BODIES: BadBody[] = [
  [
    'an unknown action',
    { action: 'approve' },
    [issue('invalid_enum_value', ['action'], 'action must be one of sign, confirm')],
  ],
  [
    'an identification action',
    { action: 'login' },
    [issue('invalid_enum_value', ['action'], 'action must be one of sign, confirm')],
  ],
  ['no action', { action: undefined }, [required('action')]],
  ['no payload', { payload: undefined }, [required('payload')]],
  [
    'an empty payload',
    { payload: '' },
    [issue('too_small', ['payload'], 'payload must be longer than or equal to 1 characters')],
  ],
  [
    'a payload over 2000 characters',
    { payload: 'x'.repeat(2001) },
    [issue('too_big', ['payload'], 'payload must be shorter than or equal to 2000 characters')],
  ],
  [
    'a payload with a NUL character',
    { payload: 'Pay\u0000 now' },
    [
      issue(
        'invalid_string',
        ['payload'],
        'payload must be plain text: U+0000 at index 3 is a control, format or separator character (Unicode Cc, ' +
          'Cf, Zl, Zp; line breaks and tabs are allowed), which can hide or reorder what a person reads',
      ),
    ],
  ],
  ['an extra field', { user: '10000000001' }, [issue('unrecognized_keys', ['user'], 'user is not an accepted field')]],
];

/** Bad webhooks, checked on `sign` (a `confirm` with any webhook is refused for having one). */
const BAD_WEBHOOKS: BadBody[] = [
  ['no webhook', { webhook: undefined }, [issue('custom', ['webhook'], 'webhook is required when action is sign')]],
  ['a null webhook', { webhook: null }, [issue('custom', ['webhook'], 'webhook is required when action is sign')]],
  [
    'a webhook that is a URL, not an object',
    { webhook: WEBHOOK.host },
    [issue('invalid_type', ['webhook'], 'webhook must be an object { host, reference }')],
  ],
  ['a webhook without host', { webhook: { reference: 'r' } }, [required('webhook.host')]],
  ['a webhook without reference', { webhook: { host: WEBHOOK.host } }, [required('webhook.reference')]],
  [
    'a webhook host that is not a URL',
    { webhook: { ...WEBHOOK, host: 'shop.example/webhooks' } },
    [issue('custom', ['webhook', 'host'], 'webhook.host: The URL is not a valid absolute URL')],
  ],
  [
    'a webhook host of another scheme',
    { webhook: { ...WEBHOOK, host: 'ftp://shop.example/webhooks' } },
    [issue('custom', ['webhook', 'host'], 'webhook.host: Only https URLs can be called')],
  ],
  [
    'an http webhook host (ALLOW_INSECURE_URLS is off)',
    { webhook: { ...WEBHOOK, host: 'http://shop.example/webhooks' } },
    [issue('custom', ['webhook', 'host'], 'webhook.host: The URL must use https')],
  ],
  [
    'a webhook host on a loopback address (ALLOW_PRIVATE_URLS is off)',
    { webhook: { ...WEBHOOK, host: 'https://127.0.0.1:8443/hooks' } },
    [issue('custom', ['webhook', 'host'], 'webhook.host: 127.0.0.1 is a loopback address, which idflow does not call')],
  ],
  [
    'a webhook host on a cloud metadata address',
    { webhook: { ...WEBHOOK, host: 'https://169.254.169.254/latest' } },
    [
      issue(
        'custom',
        ['webhook', 'host'],
        'webhook.host: 169.254.169.254 is a cloud metadata address, which idflow does not call',
      ),
    ],
  ],
  // PostgreSQL cannot store it in text.
  [
    'a webhook reference with a NUL character',
    { webhook: { ...WEBHOOK, reference: 'order\u00001042' } },
    [issue('invalid_string', ['webhook', 'reference'], 'webhook.reference must not contain NUL characters')],
  ],
  [
    'a webhook host with a NUL character',
    { webhook: { ...WEBHOOK, host: `${WEBHOOK.host}\u0000` } },
    [issue('invalid_string', ['webhook', 'host'], 'webhook.host must not contain NUL characters')],
  ],
  [
    'an extra webhook field',
    { webhook: { ...WEBHOOK, secret: 's' } },
    [issue('unrecognized_keys', ['webhook', 'secret'], 'webhook.secret is not an accepted field')],
  ],
];

const TARGETED_BAD_BODIES: BadBody[] = [
  ['no nin', { nin: undefined }, [required('nin')]],
  ['a short NIN', { nin: '1000000000' }, [issue('too_small', ['nin'], 'nin must be a NIN of 11 to 32 characters')]],
  [
    'a NIN with markup',
    { nin: '1000000000<' },
    [issue('invalid_string', ['nin'], 'nin must be a NIN (letters, digits and dashes)')],
  ],
  ['seeds', { seeds: 3 }, [issue('unrecognized_keys', ['seeds'], 'seeds is not an accepted field')]],
];

const WILDCARD_BAD_BODIES: BadBody[] = [
  ['no seeds', { seeds: undefined }, [required('seeds')]],
  ['0 seeds', { seeds: 0 }, [issue('too_small', ['seeds'], 'seeds must not be less than 1')]],
  ['11 seeds', { seeds: 11 }, [issue('too_big', ['seeds'], 'seeds must not be greater than 10')]],
  ["seeds as text ('3')", { seeds: '3' }, [issue('invalid_type', ['seeds'], 'seeds must be an integer number')]],
  ['a fraction of seeds', { seeds: 2.5 }, [issue('invalid_type', ['seeds'], 'seeds must be an integer number')]],
  ['a nin', { nin: '10000000001' }, [issue('unrecognized_keys', ['nin'], 'nin is not an accepted field')]],
];

/**
 * Issues reported alongside others on the same field. A webhook that is not an object fails both `@IsObject` and
 * `@ValidateNested`, and both are wrong-type issues, so both are reported.
 */
const LOOSE = new Set(['webhook must be an object { host, reference }']);

function apply(body: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete out[key];
  return out;
}

/** 400, the failed envelope and Zod-style issues: exactly these, or (LOOSE) these among others on the same field. */
function expectValidationFailure(response: Response, issues: Issue[], version = 'v2'): void {
  const loose = LOOSE.has(issues[0].message);
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: {
      status: 'failed',
      reason: 'Validation failed',
      version,
      errors: loose ? expect.arrayContaining(issues) : issues,
    },
  });
  for (const reported of response.body.errors as Issue[]) expect(reported.path).toEqual(issues[0].path);
}

function expectFailure(response: Response, status: number, reason: string | RegExp, version = 'v2'): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: 'failed', reason: typeof reason === 'string' ? reason : expect.stringMatching(reason), version },
  });
}

describe('signing: bad input, credentials and scopes are refused and make no flow', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let nin: string;

  beforeAll(async () => {
    // The production defaults: https webhooks on public addresses only.
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    nin = sandbox.testPersons[0].nin;
  });
  afterAll(() => t.close());

  const flowCount = () => t.app.get(DataSource).getRepository(Flow).count();

  /** Sends the request, and checks that it made no flow. */
  async function refused(send: () => Promise<Response>): Promise<Response> {
    const before = await flowCount();
    const response = await send();
    expect(await flowCount()).toBe(before);
    return response;
  }

  function validBody(mode: AppStartMode, action: Action): Record<string, unknown> {
    return {
      action,
      payload: 'Pay 120.00 EUR to Acme Shop, order 1042',
      ...(mode === 'wildcard' ? { seeds: 3 } : { nin }),
      ...(action === 'sign' ? { webhook: WEBHOOK } : {}),
    };
  }

  describe.each(MODES)('%s', (mode) => {
    const modeBadBodies = mode === 'wildcard' ? WILDCARD_BAD_BODIES : TARGETED_BAD_BODIES;

    it.each(ACTIONS)('%s: the valid body is accepted (the baseline of the refusals below)', async (action) => {
      const created = await createSigning(integrator, mode, validBody(mode, action));
      expect(created.status).toBe(201);
      expect(created.body.data.request).toMatchObject({ mode: 'signing', action });
    });

    describe.each(ACTIONS)('%s', (action) => {
      it.each([...COMMON_BAD_BODIES, ...modeBadBodies])('refuses %s', async (_label, changes, issues) => {
        const response = await refused(() => createSigning(integrator, mode, apply(validBody(mode, action), changes)));
        expectValidationFailure(response, issues);
      });
    });

    it.each(BAD_WEBHOOKS)('sign: refuses %s', async (_label, changes, issues) => {
      const response = await refused(() => createSigning(integrator, mode, apply(validBody(mode, 'sign'), changes)));
      expectValidationFailure(response, issues);
    });

    it('confirm: refuses a webhook, even a good one', async () => {
      for (const webhook of [WEBHOOK, { ...WEBHOOK, host: 'http://shop.example/hooks' }]) {
        const response = await refused(() =>
          createSigning(integrator, mode, { ...validBody(mode, 'confirm'), webhook }),
        );
        expectValidationFailure(response, [
          issue('custom', ['webhook'], 'webhook is not accepted when action is confirm'),
        ]);
      }
    });

    it('an empty body is refused with every required field', async () => {
      const response = await refused(() => createSigning(integrator, mode, {}));
      expect(response.status).toBe(400);
      const fields = mode === 'wildcard' ? ['action', 'payload', 'seeds'] : ['action', 'payload', 'nin'];
      expect(response.body.errors).toEqual(expect.arrayContaining(fields.map(required)));
      expect(response.body.errors).toHaveLength(fields.length);
    });
  });

  describe.each(TARGETED)('%s for a NIN without a digital ID', (mode) => {
    it.each(ACTIONS)('%s: 400, the national has no digital ID', async (action) => {
      for (const target of [sandbox.ninWithoutDigitalId, '99999999999']) {
        const response = await refused(() =>
          createSigning(integrator, mode, { ...validBody(mode, action), nin: target }),
        );
        expectFailure(response, 400, NO_DIGITAL_ID);
      }
    });
  });

  it('refuses a body larger than the JSON limit with 413', async () => {
    const response = await refused(() =>
      createSigning(integrator, 'different-device', {
        ...validBody('different-device', 'sign'),
        payload: 'x'.repeat(300_000),
      }),
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 'failed' });
  });

  describe('credentials (spec section 5)', () => {
    let token: string;
    /** The bootstrap app's client with only some of its credentials, plus a v1 token when given. */
    const withOnly = (names: Array<'apiKey' | 'appSecret' | 'token'>) =>
      new IntegratorClient(t.http, {
        apiKey: sandbox.apiKey,
        appSecret: names.includes('appSecret') ? sandbox.appSecret : undefined,
        token: names.includes('token') ? token : undefined,
      });

    beforeAll(async () => {
      token = await integrator.authorize();
    });

    it.each(MODES)('v2 %s needs the key and the secret', async (mode) => {
      for (const client of [withOnly(['apiKey']), withOnly(['apiKey', 'token'])]) {
        const response = await refused(() => createSigning(client, mode, validBody(mode, 'sign')));
        expectFailure(response, 401, 'The x-access-secret header is required');
      }
      const created = await createSigning(withOnly(['apiKey', 'appSecret']), mode, validBody(mode, 'sign'));
      expect(created.status).toBe(201);
    });

    it('v1 same-device takes key + secret + token, echoes v1, and refuses bad bodies like v2', async () => {
      const created = await createSigning(
        withOnly(['apiKey', 'appSecret', 'token']),
        'same-device',
        validBody('same-device', 'sign'),
        'v1',
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'successful',
        version: 'v1',
        data: { link: expect.any(String), request: { mode: 'signing', action: 'sign' } },
      });
      for (const [names, missing] of [
        [['apiKey', 'appSecret'], 'x-access-token'],
        [['apiKey', 'token'], 'x-access-secret'],
      ] as const) {
        const response = await refused(() =>
          createSigning(withOnly([...names]), 'same-device', validBody('same-device', 'sign'), 'v1'),
        );
        expectFailure(response, 401, new RegExp(`^The ${missing} header is required`), 'v1');
      }
      const bad = await refused(() =>
        createSigning(
          withOnly(['apiKey', 'appSecret', 'token']),
          'same-device',
          { ...validBody('same-device', 'confirm'), seeds: 2 },
          'v1',
        ),
      );
      expectValidationFailure(bad, [issue('unrecognized_keys', ['seeds'], 'seeds is not an accepted field')], 'v1');
    });

    it('v1 different-device takes key + token and echoes v1; a secret does not replace the token', async () => {
      const created = await createSigning(
        withOnly(['apiKey', 'token']),
        'different-device',
        validBody('different-device', 'confirm'),
        'v1',
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ version: 'v1', data: { request: { user: nin, action: 'confirm' } } });
      const response = await refused(() =>
        createSigning(
          withOnly(['apiKey', 'appSecret']),
          'different-device',
          validBody('different-device', 'sign'),
          'v1',
        ),
      );
      expectFailure(response, 401, /^The x-access-token header is required/, 'v1');
      const noId = await refused(() =>
        createSigning(
          withOnly(['apiKey', 'token']),
          'different-device',
          { ...validBody('different-device', 'sign'), nin: sandbox.ninWithoutDigitalId },
          'v1',
        ),
      );
      expectFailure(noId, 400, NO_DIGITAL_ID, 'v1');
      const noWebhook = await refused(() =>
        createSigning(
          withOnly(['apiKey', 'token']),
          'different-device',
          apply(validBody('different-device', 'sign'), { webhook: undefined }),
          'v1',
        ),
      );
      expectValidationFailure(
        noWebhook,
        [issue('custom', ['webhook'], 'webhook is required when action is sign')],
        'v1',
      );
    });

    it('there is no v1 wildcard signing: 404', async () => {
      for (const client of [withOnly(['apiKey', 'appSecret', 'token']), withOnly(['apiKey', 'token'])]) {
        const response = await refused(() => createSigning(client, 'wildcard', validBody('wildcard', 'sign'), 'v1'));
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ status: 'failed' });
      }
    });
  });

  describe('scopes', () => {
    const SIGNING_SCOPES: Record<AppStartMode, Scope> = {
      'same-device': 'signing:same',
      'different-device': 'signing:another',
      wildcard: 'signing:wildcard',
    };

    it.each(MODES)('%s: 403 for an app without its signing scope, telling it to contact support', async (mode) => {
      const scope = SIGNING_SCOPES[mode];
      const tenant = await createTenant(t.app, { scopes: SCOPES.filter((candidate) => candidate !== scope) });
      const client = new IntegratorClient(t.http, { apiKey: tenant.apiKey, appSecret: tenant.appSecret });
      for (const action of ACTIONS) {
        const response = await refused(() => createSigning(client, mode, validBody(mode, action)));
        expectFailure(
          response,
          403,
          `This app is not provisioned for the ${scope} scope; contact support to enable it`,
        );
      }
      // The other signing modes are open to it.
      const other = MODES.find((candidate) => candidate !== mode) as AppStartMode;
      expect((await createSigning(client, other, validBody(other, 'confirm'))).status).toBe(201);
    });

    it('an app with no signing scope at all is refused in every mode, v1 included', async () => {
      const tenant = await createTenant(t.app, { scopes: ['identification:same', 'identification:wildcard'] });
      const client = new IntegratorClient(t.http, { apiKey: tenant.apiKey, appSecret: tenant.appSecret });
      for (const mode of MODES) {
        const response = await refused(() => createSigning(client, mode, validBody(mode, 'sign')));
        expectFailure(response, 403, new RegExp(`${SIGNING_SCOPES[mode]} scope; contact support`));
      }
      const v1 = new IntegratorClient(t.http, { ...client.credentials, token: await client.authorize() });
      const response = await refused(() =>
        createSigning(v1, 'different-device', validBody('different-device', 'sign'), 'v1'),
      );
      expectFailure(response, 403, /signing:another scope; contact support/, 'v1');
    });
  });
});
