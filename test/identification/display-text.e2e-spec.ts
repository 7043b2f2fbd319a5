import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { ADMIN_TOKEN } from '../support/test-config';
import { TestApp, createTestApp } from '../support/test-app';

/** A public https host: the outbound guard takes it without a DNS query, and no flow here ever ends to call it. */
const WEBHOOK = { host: 'https://shop.example/webhooks/idflow', reference: 'order-1042' };
const SIGNEE = {
  name: 'Ada Okonkwo',
  type: 'business',
  email: 'ada@acme.example',
  nin: '10000000001',
  representing: '',
};
const FILE = { url: 'https://files.acme.example/contracts/1042.pdf', title: 'Service agreement 1042' };

interface Answer {
  status: number;
  body: { errors: Array<{ path: Array<string | number>; code: string; message: string }> };
}

/** Characters that hide or reorder what a person reads, each inside otherwise ordinary text. */
const HIDDEN: Array<[string, string]> = [
  ['a right-to-left override (U+202E)', 'Pay 10\u202E00 EUR'],
  ['a right-to-left isolate (U+2067)', 'Pay \u2067Acme\u2069 10 EUR'],
  ['a zero-width space (U+200B)', 'Acme\u200B Shop'],
  ['an escape (U+001B)', 'Acme \u001B[8m Shop'],
  ['a line separator (U+2028)', 'Acme\u2028Shop'],
];

/**
 * Text an integrator gives that idflow shows a person (what they approve or sign, a document's title, a signee's name,
 * a wallet's purpose, an app's name) is plain text: control, format and separator characters are refused with a 400
 * naming the field, on every route that takes such text.
 */
describe('text shown to a person', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
  });
  afterAll(() => t.close());

  const post = (path: string, body: object) => t.http().post(path).set(credentials(sandbox)).send(body);
  const login = { action: 'login', claims: ['naming.given'], payload: 'Log in to Acme' };
  const signing = { action: 'sign', nin: '10000000001', webhook: WEBHOOK };
  const review = (signee: object) => ({ signee: [{ ...SIGNEE, ...signee }], file: FILE, webhook: WEBHOOK });

  /** Every field that takes such text, and a create that puts `text` there. */
  const FIELDS: Array<[string, Array<string | number>, (text: string) => PromiseLike<Answer>]> = [
    ['identification payload', ['payload'], (text) => integrator.create('same-device', { ...login, payload: text })],
    ['signing payload', ['payload'], (text) => post('/api/v2/signing/same-device', { ...signing, payload: text })],
    ['wallet purpose', ['purpose'], (text) => integrator.create('wallet', { ...login, purpose: text })],
    [
      'document title',
      ['file', 'title'],
      (text) =>
        post('/api/v2/document/signing', { to: ['10000000001'], file: { ...FILE, title: text }, webhook: WEBHOOK }),
    ],
    ['signee name', ['signee', 0, 'name'], (text) => post('/api/v2/document/review', review({ name: text }))],
    [
      'signee representing',
      ['signee', 0, 'representing'],
      (text) => post('/api/v2/document/review', review({ representing: text })),
    ],
    ['signee title', ['signee', 0, 'title'], (text) => post('/api/v2/document/review', review({ title: text }))],
    [
      'app name',
      ['name'],
      async (text) => {
        const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
        const consumer = await admin().post('/admin/consumers').send({ name: 'Acme Bank' }).expect(201);
        return admin()
          .post('/admin/apps')
          .send({ consumerId: consumer.body.data.id, name: text, environment: 'sandbox' });
      },
    ],
  ];

  describe.each(FIELDS)('%s', (_field, path, create) => {
    it.each(HIDDEN)('refuses %s with a 400 naming the field and the character', async (_what, text) => {
      const refused = await create(text);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({
        code: 'invalid_string',
        path,
        message: expect.stringMatching(/^[\w.]+ must be plain text: U\+[0-9A-F]{4} at index \d+ /),
      });
    });
  });

  it('takes letters of any script, spaces and punctuation, and line breaks and tabs in a text to sign', async () => {
    const signed = await post('/api/v2/signing/same-device', {
      ...signing,
      payload: 'Pay 120,00 € to Kassé & Söhne, Köln\r\nOrder № 1042\t— 東京',
    });
    expect(signed.status).toBe(201);
    const titled = await integrator.create('wallet', { ...login, purpose: 'Öffnen Sie Ihr Konto · 口座を開く' });
    expect(titled.status).toBe(201);
  });

  it('refuses a line break where the text is one line: a title, a name, a purpose', async () => {
    const refused = await post('/api/v2/document/review', review({ name: 'Ada\nOkonkwo' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      path: ['signee', 0, 'name'],
      message: expect.stringMatching(/U\+000A at index 3/),
    });
  });
});
