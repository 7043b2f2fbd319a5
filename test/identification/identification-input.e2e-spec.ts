import type { Response } from 'supertest';
import { DataSource } from 'typeorm';
import type { AppStartMode } from '../../src/flows/flow-kind';
import { Flow } from '../../src/flows/flow.entity';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { NIN_WITHOUT_DIGITAL_ID } from '../../src/sandbox/test-persons';
import { DevicesService } from '../../src/devices/devices.service';
import { CreatedFlow, IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { TestDevice } from '../support/test-device';

interface Issue {
  code: string;
  path: Array<string | number>;
  message: string;
}

/**
 * What a validation failure must look like: 400, the failed envelope, and Zod-style issues. `exact` issues must be all
 * there is; otherwise each listed issue must be present and every issue must point at the same field.
 */
function expectValidationFailure(
  response: Response,
  issues: Issue[],
  exact = true,
  version = 'v2',
  reason = 'Validation failed',
): void {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ status: 'failed', reason, version });
  expect(response.body.data).toBeUndefined();
  if (exact) {
    expect(response.body.errors).toEqual(issues);
    return;
  }
  expect(response.body.errors).toEqual(expect.arrayContaining(issues));
  for (const issue of response.body.errors as Issue[]) {
    expect(issue).toEqual({ code: expect.any(String), path: issues[0].path, message: expect.any(String) });
  }
}

const issue = (code: string, path: Array<string | number>, message: string): Issue => ({ code, path, message });
const required = (field: string) => issue('invalid_type', [field], `${field} is required`);
const NOT_REQUESTED = 'Consent may only cover requested claims';

const MODES: AppStartMode[] = ['same-device', 'different-device', 'wildcard'];
const FIELDS: Record<AppStartMode, string[]> = {
  'same-device': ['action', 'claims', 'payload'],
  'different-device': ['action', 'claims', 'payload', 'user'],
  wildcard: ['action', 'claims', 'payload', 'seeds'],
};

type BadBody = [label: string, body: Record<string, unknown>, issues: Issue[], exact: boolean];

/** Bad bodies every create route refuses, as changes to a valid body (undefined removes the field). */
const COMMON_BAD_BODIES: BadBody[] = [
  [
    'an action of the wrong type',
    { action: 1 },
    [issue('invalid_enum_value', ['action'], 'action must be one of login, signup, link')],
    true,
  ],
  [
    'an unknown action',
    { action: 'dance' },
    [issue('invalid_enum_value', ['action'], 'action must be one of login, signup, link')],
    true,
  ],
  [
    'claims that are not a list',
    { claims: 'naming.name' },
    [issue('invalid_type', ['claims'], 'claims must be an array')],
    false,
  ],
  [
    'a claim of the wrong type',
    { claims: ['naming.name', 7] },
    [issue('invalid_type', ['claims'], 'each value in claims must be a string')],
    false,
  ],
  [
    'an unknown claim',
    { claims: ['naming.name', 'naming.shoesize'] },
    [issue('custom', ['claims'], 'naming.shoesize is not a known claim')],
    true,
  ],
  ['no claims', { claims: [] }, [issue('too_small', ['claims'], 'claims must name at least one claim')], true],
  [
    'more than 60 claims',
    { claims: Array(61).fill('naming.name') },
    [issue('too_big', ['claims'], 'claims must contain no more than 60 elements')],
    true,
  ],
  ['null claims', { claims: null }, [required('claims')], true],
  [
    'a payload over 2000 characters',
    { payload: 'x'.repeat(2001) },
    [issue('too_big', ['payload'], 'payload must be shorter than or equal to 2000 characters')],
    true,
  ],
  [
    'an empty payload',
    { payload: '' },
    [issue('too_small', ['payload'], 'payload must be longer than or equal to 1 characters')],
    true,
  ],
  [
    'a payload of the wrong type',
    { payload: 5 },
    [issue('invalid_type', ['payload'], 'payload must be a string')],
    false,
  ],
  ['an extra field', { extra: true }, [issue('unrecognized_keys', ['extra'], 'extra is not an accepted field')], true],
  // PostgreSQL cannot store it in text.
  [
    'a payload with a NUL character',
    { payload: 'Log in\u0000 now' },
    [
      issue(
        'invalid_string',
        ['payload'],
        'payload must be plain text: U+0000 at index 6 is a control, format or separator character (Unicode Cc, ' +
          'Cf, Zl, Zp; line breaks and tabs are allowed), which can hide or reorder what a person reads',
      ),
    ],
    true,
  ],
];

const MODE_BAD_BODIES: Record<AppStartMode, BadBody[]> = {
  // Spec section 1: a specific NIN cannot be targeted in this mode.
  'same-device': [
    [
      'a target NIN',
      { user: '10000000001' },
      [issue('unrecognized_keys', ['user'], 'user is not an accepted field')],
      true,
    ],
    ['seeds', { seeds: 2 }, [issue('unrecognized_keys', ['seeds'], 'seeds is not an accepted field')], true],
  ],
  'different-device': [
    [
      'a short NIN',
      { user: '1000000000' },
      [issue('too_small', ['user'], 'user must be a NIN of 11 to 32 characters')],
      true,
    ],
    [
      'a NIN of the wrong type',
      { user: 10000000001 },
      [issue('invalid_type', ['user'], 'user must be a string')],
      false,
    ],
    [
      'a NIN with markup',
      { user: '1000000000<' },
      [issue('invalid_string', ['user'], 'user must be a NIN (letters, digits and dashes)')],
      true,
    ],
    ['seeds', { seeds: 2 }, [issue('unrecognized_keys', ['seeds'], 'seeds is not an accepted field')], true],
  ],
  wildcard: [
    ['0 seeds', { seeds: 0 }, [issue('too_small', ['seeds'], 'seeds must not be less than 1')], true],
    ['11 seeds', { seeds: 11 }, [issue('too_big', ['seeds'], 'seeds must not be greater than 10')], true],
    [
      "seeds as text ('3')",
      { seeds: '3' },
      [issue('invalid_type', ['seeds'], 'seeds must be an integer number')],
      false,
    ],
    [
      'a fraction of seeds',
      { seeds: 2.5 },
      [issue('invalid_type', ['seeds'], 'seeds must be an integer number')],
      true,
    ],
    [
      'a target NIN',
      { user: '10000000001' },
      [issue('unrecognized_keys', ['user'], 'user is not an accepted field')],
      true,
    ],
  ],
};

function missingFields(mode: AppStartMode): BadBody[] {
  return FIELDS[mode].map((field) => [`no ${field}`, { [field]: undefined }, [required(field)], true]);
}

describe('identification: bad input is refused and changes nothing', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let nin: string;
  let phone: TestDevice;

  beforeAll(async () => {
    // The flows made once for the whole suite must look the same before and after each refusal: at the default of 10 s,
    // a loaded machine's run turned a pushed flow's hint to `noClient` between the two looks.
    t = await createTestApp({ env: { NO_CLIENT_SECONDS: '3600' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    nin = sandbox.testPersons[0].nin;
    phone = await enrolledDevice(t.app, t.http, nin);
  });
  afterAll(() => t.close());

  const flowCount = () => t.app.get(DataSource).getRepository(Flow).count();

  function validBody(mode: AppStartMode): Record<string, unknown> {
    const body = { action: 'login', claims: ['naming.name'], payload: 'Log in' };
    if (mode === 'different-device') return { ...body, user: nin };
    if (mode === 'wildcard') return { ...body, seeds: 2 };
    return body;
  }

  function badBody(mode: AppStartMode, changes: Record<string, unknown>): Record<string, unknown> {
    const body = { ...validBody(mode), ...changes };
    for (const [field, value] of Object.entries(changes)) if (value === undefined) delete body[field];
    return body;
  }

  describe.each(MODES)('POST /api/v2/identification/%s', (mode) => {
    const cases = [...COMMON_BAD_BODIES, ...MODE_BAD_BODIES[mode], ...missingFields(mode)];

    it.each(cases)('refuses %s with 400 and makes no flow', async (_, changes, issues, exact) => {
      const before = await flowCount();
      expectValidationFailure(await integrator.create(mode, badBody(mode, changes)), issues, exact);
      expect(await flowCount()).toBe(before);
    });

    it('refuses a body that is a list, or not JSON at all', async () => {
      const before = await flowCount();
      const list = await integrator.create(mode, [validBody(mode)]);
      expect(list.status).toBe(400);
      expect(list.body).toMatchObject({ status: 'failed', errors: expect.arrayContaining([required('action')]) });
      const broken = await t
        .http()
        .post(`/api/v2/identification/${mode}`)
        .set(integrator.headers())
        .set('content-type', 'application/json')
        .send('{"action": "login",');
      expectValidationFailure(broken, [issue('invalid_json', [], 'The request body is not valid JSON')]);
      expect(await flowCount()).toBe(before);
    });

    it('refuses a body over the size limit with 413', async () => {
      const huge = await integrator.create(mode, { ...validBody(mode), payload: 'x'.repeat(300 * 1024) });
      expect(huge.status).toBe(413);
      expect(huge.body).toEqual({ status: 'failed', reason: 'The request body is larger than 256kb', version: 'v2' });
    });

    it('accepts the limits themselves: a 2000-character payload and a lower-case alias', async () => {
      const created = await integrator.create(mode, {
        ...validBody(mode),
        payload: 'x'.repeat(2000),
        claims: ['naming.name', 'CONTACT.EMAILVERIFIED'],
      });
      expect(created.status).toBe(201);
      expect(created.body.data.request.acquireClaims).toEqual(['naming.name', 'contact.emailVerified']);
    });
  });

  it.each([1, 10])('wildcard accepts %i seeds, all different', async (seeds) => {
    const created = await integrator.create('wildcard', { ...validBody('wildcard'), seeds });
    expect(created.status).toBe(201);
    expect(new Set(created.body.data.seeds).size).toBe(seeds);
  });

  it.each(['same-device', 'different-device', 'wildcard'] as const)(
    'v1 %s refuses bad bodies the same way, echoing v1',
    async (mode) => {
      const token = await integrator.authorize();
      const v1 = new IntegratorClient(t.http, { ...integrator.credentials, token });
      const response = await v1.create(mode, badBody(mode, { claims: ['bio.shoesize'], extra: 1 }), 'v1');
      expectValidationFailure(
        response,
        [
          issue('unrecognized_keys', ['extra'], 'extra is not an accepted field'),
          issue('custom', ['claims'], 'bio.shoesize is not a known claim'),
        ],
        true,
        'v1',
      );
    },
  );

  it('POST /wallet/v1/devices refuses a label with a NUL character, and the code stays unspent', async () => {
    const { code } = await t.app.get(DevicesService).issueEnrollmentCode(nin, 'sandbox');
    const device = await TestDevice.create();
    const enroll = async (body: object) =>
      t
        .http()
        .post('/wallet/v1/devices')
        .set('authorization', await device.proof('POST', '/wallet/v1/devices'))
        .send(body);
    expectValidationFailure(await enroll({ code, label: 'Phone\u0000' }), [
      issue('invalid_string', ['label'], 'label must not contain NUL characters'),
    ]);
    expect((await enroll({ code, label: 'Phone' })).status).toBe(201);
  });

  describe('routes that act on a flow', () => {
    /** A wildcard flow nobody has scanned, and a different-device flow pushed to the phone's NIN. */
    let wildcard: CreatedFlow;
    let pushed: CreatedFlow;

    beforeAll(async () => {
      wildcard = await integrator.start('wildcard', {
        ...validBody('wildcard'),
        claims: ['naming.name', 'bio.birthdate'],
      });
      pushed = await integrator.start('different-device', validBody('different-device'));
    });

    /** The answer to a bad request, checked to have left both flows exactly as ping showed them before. */
    async function unchanged(send: () => Promise<Response>): Promise<Response> {
      const before = [await integrator.view(wildcard.id), await integrator.view(pushed.id)];
      const response = await send();
      expect([await integrator.view(wildcard.id), await integrator.view(pushed.id)]).toEqual(before);
      expect(before.map((view) => view.status)).toEqual(['pending', 'pending']);
      return response;
    }

    const REFERENCE_CASES: Array<[string, (id: string) => unknown, Issue[], boolean]> = [
      ['no request', () => ({}), [required('request')], true],
      [
        'a request of the wrong type',
        () => ({ request: 42 }),
        [issue('invalid_type', ['request'], 'request must be a string')],
        false,
      ],
      [
        'a request too short to be a flow id',
        () => ({ request: 'req' }),
        [issue('too_small', ['request'], 'request must be longer than or equal to 4 characters')],
        true,
      ],
      [
        'a request too long to be a flow id',
        () => ({ request: 'r'.repeat(65) }),
        [issue('too_big', ['request'], 'request must be shorter than or equal to 64 characters')],
        true,
      ],
      [
        'an extra field',
        (id) => ({ request: id, force: true }),
        [issue('unrecognized_keys', ['force'], 'force is not an accepted field')],
        true,
      ],
    ];

    describe.each([
      ['v2', 'ping'],
      ['v2', 'cancel'],
      ['v1', 'ping'],
      ['v1', 'cancel'],
    ] as const)('POST /api/%s/flow/%s', (version, route) => {
      let client: IntegratorClient;
      beforeAll(async () => {
        client =
          version === 'v2'
            ? integrator
            : new IntegratorClient(t.http, { apiKey: sandbox.apiKey, token: await integrator.authorize() });
      });

      it.each(REFERENCE_CASES)('refuses %s with 400', async (_, body, issues, exact) => {
        const response = await unchanged(() => client.post(`/api/${version}/flow/${route}`, body(pushed.id)));
        expectValidationFailure(response, issues, exact, version);
      });

      it('answers 404 for a well-formed id of no flow', async () => {
        const response = await unchanged(() =>
          client.post(`/api/${version}/flow/${route}`, { request: `req_${'0'.repeat(24)}` }),
        );
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ status: 'failed', reason: 'No such flow', version });
      });
    });

    it('answers 404 for ids no flow can have, on every route that takes a flow id', async () => {
      const ids = ['req_\u0000abcdefgh', 'req_<b>abcdefgh', 'req_abc def'];
      for (const id of ids) {
        for (const route of ['ping', 'cancel'] as const) {
          const response = await unchanged(() => integrator[route](id));
          expect(response.status).toBe(404);
          expect(response.body).toEqual({ status: 'failed', reason: 'No such flow', version: 'v2' });
        }
        const path = `/wallet/v1/flows/${encodeURIComponent(id)}`;
        expect((await unchanged(() => phone.get(t.http, path))).status).toBe(404);
        expect((await unchanged(() => phone.post(t.http, `${path}/approve`, { claims: [] }))).status).toBe(404);
        for (const action of ['scan', 'approve', 'reject'] as const) {
          const response = await unchanged(() => integrator.simulate(action, encodeURIComponent(id), {}));
          expect(response.status).toBe(404);
        }
      }
    });

    describe('POST /wallet/v1/flows/pick-up', () => {
      it.each([
        ['no code', () => ({}), [required('code')], true],
        [
          'a code of the wrong type',
          () => ({ code: 42 }),
          [issue('invalid_type', ['code'], 'code must be a string')],
          false,
        ],
        [
          'a short code',
          () => ({ code: 'abc' }),
          [
            issue(
              'invalid_string',
              ['code'],
              'code must be the 32-character code of a link or seed, or an idflow://qr frame',
            ),
          ],
          true,
        ],
        [
          'a code with symbols',
          () => ({ code: `${'!'.repeat(31)}a` }),
          [
            issue(
              'invalid_string',
              ['code'],
              'code must be the 32-character code of a link or seed, or an idflow://qr frame',
            ),
          ],
          true,
        ],
        [
          'a real seed with an extra field',
          () => ({ code: wildcard.seeds?.[0], nin }),
          [issue('unrecognized_keys', ['nin'], 'nin is not an accepted field')],
          true,
        ],
      ] as Array<[string, () => object, Issue[], boolean]>)('refuses %s with 400', async (_, body, issues, exact) => {
        const response = await unchanged(() => phone.post(t.http, '/wallet/v1/flows/pick-up', body()));
        expectValidationFailure(response, issues, exact);
      });

      it('answers 404 for a well-formed code of no flow', async () => {
        const response = await unchanged(() =>
          phone.post(t.http, '/wallet/v1/flows/pick-up', { code: 'A'.repeat(32) }),
        );
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ status: 'failed', reason: 'No such flow', version: 'v2' });
      });
    });

    describe('POST /wallet/v1/flows/:id/approve', () => {
      it.each([
        ['no claims', {}, [required('claims')], true],
        [
          'claims that are not a list',
          { claims: 'naming.name' },
          [issue('invalid_type', ['claims'], 'claims must be an array')],
          false,
        ],
        [
          'a claim of the wrong type',
          { claims: [1] },
          [issue('invalid_type', ['claims'], 'each value in claims must be a string')],
          true,
        ],
        [
          'an extra field',
          { claims: ['naming.name'], nin: '10000000002' },
          [issue('unrecognized_keys', ['nin'], 'nin is not an accepted field')],
          true,
        ],
        [
          'consent to a claim the flow did not ask for',
          { claims: ['naming.name', 'bio.gender'] },
          [issue('custom', ['claims', 1], 'bio.gender was not requested by this flow')],
          true,
        ],
        [
          'more than 100 claims',
          { claims: Array(101).fill('naming.name') },
          [issue('too_big', ['claims'], 'claims must contain no more than 100 elements')],
          true,
        ],
      ] as Array<[string, object, Issue[], boolean]>)('refuses %s with 400', async (_, body, issues, exact) => {
        const response = await unchanged(() => phone.post(t.http, `/wallet/v1/flows/${pushed.id}/approve`, body));
        const reason = issues[0].code === 'custom' ? NOT_REQUESTED : undefined;
        expectValidationFailure(response, issues, exact, 'v2', reason);
      });

      it('answers 404 for an unknown action on a flow', async () => {
        const response = await unchanged(() => phone.post(t.http, `/wallet/v1/flows/${pushed.id}/sign`, {}));
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ status: 'failed', reason: 'No such route', version: 'v2' });
      });
    });

    describe('POST /api/v2/sandbox/flows/:id/scan|approve|reject', () => {
      const NOT_A_HOLDER = [issue('custom', ['nin'], 'nin must be a synthetic test person with a digital ID')];

      describe.each(['scan', 'approve', 'reject'] as const)('%s', (action) => {
        it.each([
          [
            'a NIN of the wrong type',
            { nin: 10000000001 },
            [issue('invalid_type', ['nin'], 'nin must be a string')],
            false,
          ],
          [
            'a short NIN',
            { nin: '1000000000' },
            [issue('too_small', ['nin'], 'nin must be a NIN of 11 to 32 characters')],
            true,
          ],
          [
            'an extra field',
            { nin, force: true },
            [issue('unrecognized_keys', ['force'], 'force is not an accepted field')],
            true,
          ],
          [
            'a NIN with a NUL character',
            { nin: '1000000000\u00001' },
            [issue('invalid_string', ['nin'], 'nin must be a NIN (letters, digits and dashes)')],
            true,
          ],
          ['the test person without a digital ID', { nin: NIN_WITHOUT_DIGITAL_ID }, NOT_A_HOLDER, true],
          ['a NIN that is no test person', { nin: '99999999999' }, NOT_A_HOLDER, true],
        ] as Array<[string, object, Issue[], boolean]>)('refuses %s with 400', async (_, body, issues, exact) => {
          for (const flow of [wildcard, pushed]) {
            const response = await unchanged(() => integrator.simulate(action, flow.id, body));
            expectValidationFailure(response, issues, exact);
          }
        });
      });

      it.each([
        [
          'an unknown claim',
          { claims: ['naming.shoesize'] },
          [issue('custom', ['claims'], 'naming.shoesize is not a known claim')],
          true,
        ],
        [
          'claims that are not a list',
          { claims: 'naming.name' },
          [issue('invalid_type', ['claims'], 'claims must be an array')],
          false,
        ],
        [
          'consent to a claim the flow did not ask for',
          { claims: ['bio.gender'] },
          [issue('custom', ['claims', 0], 'bio.gender was not requested by this flow')],
          true,
        ],
      ] as Array<[string, object, Issue[], boolean]>)('approve refuses %s with 400', async (_, body, issues, exact) => {
        for (const flow of [wildcard, pushed]) {
          const response = await unchanged(() => integrator.simulate('approve', flow.id, body));
          const reason = issues[0].path.length > 1 ? NOT_REQUESTED : undefined;
          expectValidationFailure(response, issues, exact, 'v2', reason);
        }
      });

      it.each(['scan', 'approve', 'reject'] as const)(
        '%s refuses a test person other than the one a pushed flow is addressed to',
        async (action) => {
          const other = sandbox.testPersons[1].nin;
          const response = await unchanged(() => integrator.simulate(action, pushed.id, { nin: other }));
          expectValidationFailure(response, [issue('custom', ['nin'], 'nin must be the NIN the flow is addressed to')]);
        },
      );

      it('answers 404 for an unknown simulator action', async () => {
        const response = await unchanged(() => integrator.post(`/api/v2/sandbox/flows/${wildcard.id}/sign`, {}));
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ status: 'failed', reason: 'No such route', version: 'v2' });
      });
    });
  });
});
