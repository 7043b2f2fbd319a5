import type { Response } from 'supertest';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { SCOPES } from '../../src/tenants/scopes';
import {
  DocumentKind,
  createDocument,
  documentRowCounts,
  refreshDocument,
  storedFiles,
} from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import { cyclicPageTree, farFilterBomb, hexFlateBomb, sharedNodeBomb } from '../support/pdf-bombs';
import { FileHost, makeBlankPdf, makeEncryptedPdf, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { closedPort } from '../support/service-process';
import { createTenant } from '../support/tenant-factory';
import { TestApp, createTestApp } from '../support/test-app';

interface Issue {
  code: string;
  path: Array<string | number>;
  message: string | RegExp;
}

const issue = (code: string, path: Array<string | number>, message: string | RegExp): Issue => ({
  code,
  path,
  message,
});
const required = (path: Array<string | number>, field = path.join('.')) =>
  issue('invalid_type', path, `${field} is required`);

/** A public https host: the outbound guard takes it without a DNS query, and no flow here ever ends to call it. */
const WEBHOOK = { host: 'https://shop.example/webhooks/idflow', reference: 'contract-1042' };
const LOCAL_FILES = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' };
const NO_DIGITAL_ID = 'The national has no digital ID; offer signup or a wildcard flow instead';
const KINDS: DocumentKind[] = ['signing', 'review'];

type BadBody = [label: string, changes: Record<string, unknown>, issues: Issue[]];

function apply(body: Record<string, unknown>, changes: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body, ...changes };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete out[key];
  return out;
}

/** 400, the failed envelope and exactly these Zod-style issues (a RegExp message matches the issue's message). */
function expectValidationFailure(response: Response, issues: Issue[], reason = 'Validation failed', version = 'v2') {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: {
      status: 'failed',
      reason,
      version,
      errors: issues.map(({ code, path, message }) => ({
        code,
        path,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      })),
    },
  });
}

function expectFailure(response: Response, status: number, reason: string, version = 'v2'): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { status: 'failed', reason, version },
  });
}

/** An app of its own, its sandbox, a client and the file host it may download from. */
async function startApp(env: Record<string, string>) {
  const t = await createTestApp({ env });
  const sandbox = await bootstrapSandbox(t.app);
  const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
  return { t, sandbox, integrator };
}

describe('documents: bad input is refused with useful issues, and nothing is created', () => {
  let files: FileHost;
  /** Downloads from 127.0.0.1 over http are allowed here, as for an integrator's local file host. */
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  /** The production defaults: https only, no private addresses. */
  let strict: { t: TestApp; integrator: IntegratorClient };
  /** MAX_FILE_BYTES of 2048 and MAX_PDF_PAGES of 3. */
  let small: { t: TestApp; integrator: IntegratorClient };
  let pdfUrl: string;
  let ada: string;
  let jide: string;

  beforeAll(async () => {
    files = await FileHost.start();
    [{ t, sandbox, integrator }, strict, small] = await Promise.all([
      startApp(LOCAL_FILES),
      startApp({}),
      startApp({ ...LOCAL_FILES, MAX_FILE_BYTES: '2048', MAX_PDF_PAGES: '3' }),
    ]);
    [ada, jide] = sandbox.testPersons.map((person) => person.nin);
    pdfUrl = files.put('/contract.pdf', await makePdf(2));
  });
  afterAll(async () => {
    await Promise.all([t.close(), strict.t.close(), small.t.close()]);
    await files.close();
  });

  /** Sends the request and checks that it stored nothing: no flow, document or signee row, and no file. */
  async function refused(app: TestApp, send: () => Promise<Response>): Promise<Response> {
    const [rows, stored] = await Promise.all([documentRowCounts(app.app), storedFiles(app.app)]);
    const response = await send();
    expect(await documentRowCounts(app.app)).toEqual(rows);
    expect(await storedFiles(app.app)).toEqual(stored);
    return response;
  }

  function validBody(kind: DocumentKind, url = pdfUrl): Record<string, unknown> {
    const people =
      kind === 'signing'
        ? { to: [ada, jide] }
        : {
            signee: [
              { name: 'Ada Okonkwo', type: 'business', email: 'ada@acme.example', nin: ada, representing: 'Acme Ltd' },
              { name: 'Jide Adeyemi', type: 'person', email: 'jide@example.com', nin: jide, representing: '' },
            ],
          };
    return { ...people, file: { url, title: 'Service agreement 1042' }, webhook: WEBHOOK };
  }

  const fileIssue = (message: string | RegExp, code = 'custom') => [issue(code, ['file', 'url'], message)];

  it.each(KINDS)('%s: the valid body is accepted and stores the flow and the file (the baseline)', async (kind) => {
    const [rows, stored] = await Promise.all([documentRowCounts(t.app), storedFiles(t.app)]);
    const created = await createDocument(integrator, kind, validBody(kind));
    expect(created.status).toBe(201);
    expect(await documentRowCounts(t.app)).toEqual({
      flows: rows.flows + 1,
      documents: rows.documents + 1,
      signees: rows.signees + 2,
    });
    expect(await storedFiles(t.app)).toHaveLength(stored.length + 1);
  });

  describe.each(KINDS)('%s: the file', (kind) => {
    it.each([
      ['HTML served as application/pdf', Buffer.from('<!doctype html><html><body>Sign here</body></html>')],
      ['plain text served as application/pdf', Buffer.from('Service agreement 1042\nSigned: ______\n')],
      ['an empty answer', Buffer.alloc(0)],
    ])('refuses %s: it does not start with %%PDF-', async (label, bytes) => {
      const url = files.put(`/${kind}/${label.replace(/\W+/g, '-')}.pdf`, bytes);
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue('file.url: The file is not a usable PDF: it does not start with a %PDF- header'),
        'The file could not be used',
      );
    });

    it('refuses a truncated PDF', async () => {
      const whole = await makePdf(3);
      const url = files.put(`/${kind}/truncated.pdf`, whole.subarray(0, Math.floor(whole.length / 2)));
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue('file.url: The file is not a usable PDF: it is truncated (no %%EOF at the end)'),
        'The file could not be used',
      );
    });

    it('refuses a PDF whose body is garbage between a valid header and %%EOF', async () => {
      const url = files.put(`/${kind}/garbage.pdf`, Buffer.from(`%PDF-1.7\n${'x'.repeat(300)}\n%%EOF\n`));
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue('file.url: The file is not a usable PDF: it could not be parsed'),
        'The file could not be used',
      );
    });

    it('refuses a PDF without pages', async () => {
      const url = files.put(`/${kind}/no-pages.pdf`, makeBlankPdf(0));
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue('file.url: The file is not a usable PDF: it has no pages'),
        'The file could not be used',
      );
    });

    it('refuses a password-protected PDF', async () => {
      const url = files.put(`/${kind}/encrypted.pdf`, await makeEncryptedPdf());
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue(
          'file.url: The file is not a usable PDF: it is encrypted or password-protected; supply an unprotected copy',
        ),
        'The file could not be used',
      );
    });

    it.each([
      ['hex-encoded over Flate', hexFlateBomb],
      ['whose /Filter sits 70 KB before its data', farFilterBomb],
    ])('refuses an object stream %s that expands beyond 128 MiB', async (label, bomb) => {
      const url = files.put(`/${kind}/bomb-${label.replace(/\W+/g, '-')}.pdf`, bomb(512));
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue('file.url: The file is not a usable PDF: its compressed streams expand to more than 128 MiB'),
        'The file could not be used',
      );
    });

    it.each([
      ['whose nodes list one node over and over (a million pages in 1 KB)', sharedNodeBomb(10, 6), '3 0 R'],
      ['that loops back to its root', cyclicPageTree(), '2 0 R'],
    ])('refuses a page tree %s, saying why', async (label, bytes, node) => {
      const url = files.put(`/${kind}/tree-${label.replace(/\W+/g, '-')}.pdf`, bytes);
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue(
          `file.url: The file is not a usable PDF: its page tree reaches ${node} more than once: ` +
            'pages must form a tree, without loops or shared nodes',
        ),
        'The file could not be used',
      );
    });

    it('refuses a PDF of more pages than MAX_PDF_PAGES, and takes one of exactly that many', async () => {
      const url = files.put(`/${kind}/four-pages.pdf`, makeBlankPdf(4));
      const response = await refused(small.t, () => createDocument(small.integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue('file.url: The file is not a usable PDF: it has more than 3 pages (MAX_PDF_PAGES)'),
        'The file could not be used',
      );
      const three = files.put(`/${kind}/three-pages.pdf`, makeBlankPdf(3));
      expect((await createDocument(small.integrator, kind, validBody(kind, three))).status).toBe(201);
    });

    it('refuses a file larger than MAX_FILE_BYTES, and takes one within it', async () => {
      const big = await makePdf(40);
      expect(big.length).toBeGreaterThan(2048);
      const url = files.put(`/${kind}/big.pdf`, big);
      const response = await refused(small.t, () => createDocument(small.integrator, kind, validBody(kind, url)));
      expectValidationFailure(
        response,
        fileIssue('file.url is larger than MAX_FILE_BYTES (2048 bytes)', 'too_big'),
        'The file could not be used',
      );
      const fits = await makePdf(1);
      expect(fits.length).toBeLessThanOrEqual(2048);
      const accepted = await createDocument(
        small.integrator,
        kind,
        validBody(kind, files.put(`/${kind}/fits.pdf`, fits)),
      );
      expect(accepted.status).toBe(201);
    });

    it('refuses a URL nobody answers on (a closed port)', async () => {
      const url = `http://127.0.0.1:${await closedPort()}/contract.pdf`;
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, url)));
      expectValidationFailure(response, fileIssue(/^file\.url: .*ECONNREFUSED/), 'The file could not be used');
    });

    it('refuses a URL the file host answers 404 on', async () => {
      const response = await refused(t, () =>
        createDocument(integrator, kind, validBody(kind, files.url('/missing.pdf'))),
      );
      expectValidationFailure(
        response,
        fileIssue('file.url answered HTTP 404; it must be a direct link to the file'),
        'The file could not be used',
      );
    });

    it('refuses a URL that is not absolute', async () => {
      const response = await refused(t, () => createDocument(integrator, kind, validBody(kind, 'files/contract.pdf')));
      expectValidationFailure(
        response,
        fileIssue('file.url: The URL is not a valid absolute URL'),
        'The file could not be used',
      );
    });

    describe('with the production defaults (no ALLOW_PRIVATE_URLS, no ALLOW_INSECURE_URLS)', () => {
      it('refuses a file on 127.0.0.1, whether named by address or by a name that resolves to it', async () => {
        const port = new URL(pdfUrl).port;
        for (const url of [`https://127.0.0.1:${port}/contract.pdf`, `https://localhost:${port}/contract.pdf`]) {
          const response = await refused(strict.t, () => createDocument(strict.integrator, kind, validBody(kind, url)));
          expectValidationFailure(
            response,
            fileIssue(/^file\.url: .*(127\.0\.0\.1|::1|localhost).* loopback address, which idflow does not call$/),
            'The file could not be used',
          );
        }
      });

      it('refuses a file over plain http', async () => {
        const response = await refused(strict.t, () =>
          createDocument(strict.integrator, kind, validBody(kind, 'http://files.acme.example/contract.pdf')),
        );
        expectValidationFailure(response, fileIssue('file.url: The URL must use https'), 'The file could not be used');
      });

      it('refuses an http webhook host', async () => {
        const body = { ...validBody(kind, 'https://files.acme.example/contract.pdf') };
        const response = await refused(strict.t, () =>
          createDocument(strict.integrator, kind, {
            ...body,
            webhook: { ...WEBHOOK, host: 'http://shop.example/hooks' },
          }),
        );
        expectValidationFailure(response, [
          issue('custom', ['webhook', 'host'], 'webhook.host: The URL must use https'),
        ]);
      });
    });

    it('refuses a body without file, or without webhook', async () => {
      for (const [field, issues] of [
        ['file', [required(['file'])]],
        ['webhook', [required(['webhook'])]],
      ] as const) {
        const response = await refused(t, () =>
          createDocument(integrator, kind, apply(validBody(kind), { [field]: undefined })),
        );
        expectValidationFailure(response, [...issues]);
      }
    });

    it('refuses a file without url or title, and a webhook without reference', async () => {
      const cases: BadBody[] = [
        ['no url', { file: { title: 'Contract' } }, [required(['file', 'url'])]],
        ['no title', { file: { url: pdfUrl } }, [required(['file', 'title'])]],
        ['no reference', { webhook: { host: WEBHOOK.host } }, [required(['webhook', 'reference'])]],
      ];
      for (const [, changes, issues] of cases) {
        const response = await refused(t, () => createDocument(integrator, kind, apply(validBody(kind), changes)));
        expectValidationFailure(response, issues);
      }
    });

    it('refuses a NIN without a digital ID with the "no digital ID" reason (spec section 7)', async () => {
      const body =
        kind === 'signing'
          ? { ...validBody(kind), to: [ada, sandbox.ninWithoutDigitalId] }
          : {
              ...validBody(kind),
              signee: [
                {
                  name: 'Nobody',
                  type: 'person',
                  email: 'n@example.com',
                  nin: sandbox.ninWithoutDigitalId,
                  representing: '',
                },
              ],
            };
      const response = await refused(t, () => createDocument(integrator, kind, body));
      expectFailure(response, 400, NO_DIGITAL_ID);
    });
  });

  describe('signing: to', () => {
    const cases: BadBody[] = [
      ['no to', { to: undefined }, [required(['to'])]],
      ['an empty to', { to: [] }, [issue('too_small', ['to'], 'to must name at least one NIN')]],
      [
        'more than 50 NINs',
        { to: Array.from({ length: 51 }, (_, index) => `2${String(index).padStart(10, '0')}`) },
        [issue('too_big', ['to'], 'to must name at most 50 NINs')],
      ],
      ['to that is a string', { to: '10000000001' }, [issue('invalid_type', ['to'], 'to must be an array of NINs')]],
      [
        'a NIN too short',
        { to: ['10000000001', '1000000000'] },
        [issue('too_small', ['to'], 'each entry of to must be a NIN of 11 to 32 characters')],
      ],
      [
        'a NIN with markup',
        { to: ['1000000000<'] },
        [issue('invalid_string', ['to'], 'each entry of to must be a NIN (letters, digits and dashes)')],
      ],
      [
        'the same NIN twice',
        { to: ['10000000001', '10000000002', '10000000001'] },
        [issue('custom', ['to', 2], '10000000001 is listed more than once')],
      ],
    ];
    it.each(cases)('refuses %s', async (_label, changes, issues) => {
      const response = await refused(t, () =>
        createDocument(integrator, 'signing', apply(validBody('signing'), changes)),
      );
      expectValidationFailure(response, issues);
    });
  });

  describe('review: signee', () => {
    const good = {
      name: 'Ada Okonkwo',
      type: 'business',
      email: 'ada@acme.example',
      nin: '10000000001',
      representing: 'Acme',
    };
    const without = (field: keyof typeof good) => apply(good, { [field]: undefined });
    const cases: BadBody[] = [
      ['no signee', { signee: undefined }, [required(['signee'])]],
      [
        'an empty signee list',
        { signee: [] },
        [issue('too_small', ['signee'], 'signee must list at least one signee')],
      ],
      ...(
        [
          ['an empty list', [], ['signee']],
          ['a list holding a valid signee', [good], ['signee']],
          ['text', 'Ada', ['signee', 0]],
          ['null', null, ['signee', 0]],
        ] as const
      ).map(([label, element, path]): BadBody => [
        `a signee that is ${label} instead of an object`,
        { signee: [element] },
        [issue('invalid_type', [...path], 'each signee must be an object')],
      ]),
      [
        'an email holding a lone surrogate',
        { signee: [{ ...good, email: 'a\ud800@b.co' }] },
        [issue('invalid_string', ['signee', 0, 'email'], /lone surrogate/)],
      ],
      [
        'an unknown type',
        { signee: [{ ...good, type: 'robot' }] },
        [issue('invalid_enum_value', ['signee', 0, 'type'], 'type must be one of business, person')],
      ],
      ...(['name', 'type', 'email', 'nin', 'representing'] as const).map((field): BadBody => [
        `a signee without ${field}`,
        { signee: [without(field)] },
        [required(['signee', 0, field], field)],
      ]),
      [
        'a bad email',
        { signee: [{ ...good, email: 'ada-at-acme' }] },
        [issue('invalid_string', ['signee', 0, 'email'], 'email must be an email address')],
      ],
      [
        'a signee NIN too short',
        { signee: [{ ...good, nin: '1000000000' }] },
        [issue('too_small', ['signee', 0, 'nin'], 'nin must be a NIN of 11 to 32 characters')],
      ],
      [
        'the same NIN twice',
        { signee: [good, { ...good, name: 'Ada again' }] },
        [issue('custom', ['signee', 1, 'nin'], '10000000001 is listed more than once')],
      ],
      [
        'an extra signee field',
        { signee: [{ ...good, phone: '+234' }] },
        [issue('unrecognized_keys', ['signee', 0, 'phone'], 'signee.0.phone is not an accepted field')],
      ],
    ];
    it.each(cases)('refuses %s', async (_label, changes, issues) => {
      const response = await refused(t, () =>
        createDocument(integrator, 'review', apply(validBody('review'), changes)),
      );
      expectValidationFailure(response, issues);
    });
  });

  describe('signing order', () => {
    const reviewSignees = (orders: Array<unknown>) =>
      (validBody('review').signee as object[]).map((signee, index) =>
        orders[index] === undefined ? signee : { ...signee, order: orders[index] },
      );
    const cases: Array<[string, DocumentKind, () => Record<string, unknown>, Issue[]]> = [
      ...KINDS.map((kind): [string, DocumentKind, () => Record<string, unknown>, Issue[]] => [
        'an unknown signingOrder',
        kind,
        () => ({ signingOrder: 'random' }),
        [issue('invalid_enum_value', ['signingOrder'], 'signingOrder must be one of parallel, sequential')],
      ]),
      [
        'an order below 1',
        'review',
        () => ({ signingOrder: 'sequential', signee: reviewSignees([0, 1]) }),
        [issue('too_small', ['signee', 0, 'order'], 'order must be at least 1')],
      ],
      [
        'an order that is not an integer',
        'review',
        () => ({ signingOrder: 'sequential', signee: reviewSignees([1.5, 2]) }),
        [issue('invalid_type', ['signee', 0, 'order'], 'order must be an integer')],
      ],
      [
        'an order on some signees only',
        'review',
        () => ({ signingOrder: 'sequential', signee: reviewSignees([undefined, 1]) }),
        [issue('custom', ['signee', 0, 'order'], 'order must be given for every signee or none')],
      ],
      [
        'an order on a parallel document',
        'review',
        () => ({ signee: reviewSignees([1, 2]) }),
        [
          issue('custom', ['signee', 0, 'order'], 'order applies only with signingOrder sequential'),
          issue('custom', ['signee', 1, 'order'], 'order applies only with signingOrder sequential'),
        ],
      ],
    ];
    it.each(cases)('refuses %s (%s)', async (_label, kind, changes, issues) => {
      const response = await refused(t, () => createDocument(integrator, kind, apply(validBody(kind), changes())));
      expectValidationFailure(response, issues);
    });
  });

  describe.each(KINDS)('%s: reminders', (kind) => {
    const good = { firstAfterSeconds: 86_400, everySeconds: 86_400, max: 3 };
    const cases: BadBody[] = [
      [
        'a first reminder below 60 seconds',
        { reminders: { ...good, firstAfterSeconds: 59 } },
        [issue('too_small', ['reminders', 'firstAfterSeconds'], 'firstAfterSeconds must be at least 60 seconds')],
      ],
      [
        'reminders every 30 seconds',
        { reminders: { ...good, everySeconds: 30 } },
        [issue('too_small', ['reminders', 'everySeconds'], 'everySeconds must be at least 60 seconds')],
      ],
      [
        "intervals beyond the document's lifetime (7 days)",
        { reminders: { ...good, firstAfterSeconds: 604_801, everySeconds: 700_000 } },
        [
          issue(
            'too_big',
            ['reminders', 'firstAfterSeconds'],
            "firstAfterSeconds must not exceed the document's lifetime of 604800 seconds",
          ),
          issue(
            'too_big',
            ['reminders', 'everySeconds'],
            "everySeconds must not exceed the document's lifetime of 604800 seconds",
          ),
        ],
      ],
      [
        'max 0',
        { reminders: { ...good, max: 0 } },
        [issue('too_small', ['reminders', 'max'], 'max must be at least 1')],
      ],
      [
        'no everySeconds',
        { reminders: { firstAfterSeconds: 3600, max: 1 } },
        [required(['reminders', 'everySeconds'], 'everySeconds')],
      ],
      [
        'reminders as text',
        { reminders: 'daily' },
        [
          issue('invalid_type', ['reminders'], 'reminders must be an object'),
          issue('invalid_type', ['reminders'], 'nested property reminders must be either object or array'),
        ],
      ],
    ];
    it.each(cases)('refuses %s', async (_label, changes, issues) => {
      const response = await refused(t, () => createDocument(integrator, kind, apply(validBody(kind), changes)));
      expectValidationFailure(response, issues);
    });

    it('takes intervals of exactly the lifetime', async () => {
      const body = apply(validBody(kind), { reminders: { firstAfterSeconds: 604_800, everySeconds: 60, max: 20 } });
      expect((await createDocument(integrator, kind, body)).status).toBe(201);
    });
  });

  it("a production app cannot address the sandbox's test persons: they have no digital ID there", async () => {
    const live = await createTenant(t.app, { environment: 'production' });
    const client = new IntegratorClient(t.http, { apiKey: live.apiKey, appSecret: live.appSecret });
    const response = await refused(t, () => createDocument(client, 'signing', validBody('signing')));
    expectFailure(response, 400, NO_DIGITAL_ID);
  });

  describe('refresh', () => {
    it('refuses a flow shorter than 40 characters, and a missing one', async () => {
      for (const flow of ['doc_short', 'x'.repeat(39)]) {
        const response = await refreshDocument(integrator, flow);
        expectValidationFailure(response, [
          issue('too_small', ['flow'], 'flow must be a document id of 40 to 64 characters'),
        ]);
      }
      expectValidationFailure(await integrator.post('/api/v2/document/refresh', {}), [required(['flow'])]);
    });

    it('answers 404 for a well-formed document id that does not exist', async () => {
      const response = await refreshDocument(integrator, `doc_${'A'.repeat(40)}`);
      expectFailure(response, 404, 'No such flow');
    });
  });

  describe('scopes', () => {
    const withoutDocuments = SCOPES.filter((scope) => scope !== 'document:sign');

    it.each(['sandbox', 'production'] as const)(
      'a %s app without document:sign is told 403 on every document route, and nothing is created',
      async (environment) => {
        const tenant = await createTenant(t.app, { environment, scopes: withoutDocuments });
        expect(tenant.apiKey).toMatch(environment === 'production' ? /^bk-live_/ : /^bk-test_/);
        const client = new IntegratorClient(t.http, { apiKey: tenant.apiKey, appSecret: tenant.appSecret });
        const responses = [
          await refused(t, () => createDocument(client, 'signing', validBody('signing'))),
          await refused(t, () => createDocument(client, 'review', validBody('review'))),
          await refreshDocument(client, `doc_${'A'.repeat(40)}`),
        ];
        for (const response of responses) {
          expectFailure(
            response,
            403,
            'This app is not provisioned for the document:sign scope; contact support to enable it',
          );
        }
      },
    );
  });
});
