import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { signChallenge } from '../support/device-signature';
import {
  completedDocument,
  currentDocument,
  simulatedDocumentSigner,
  startDocument,
  walletDocumentSigner,
} from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import type { JsonBody } from '../support/json-body';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const WEBHOOK = { host: 'https://shop.example/webhooks/idflow', reference: 'order' };

describe(`signing order on ${dialect}`, () => {
  let t: TestApp;
  let files: FileHost;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let fileUrl: string;
  /** Three sandbox test persons, each with an enrolled phone. */
  let nins: string[];
  let names: string[];
  let phones: TestDevice[];

  beforeAll(async () => {
    files = await FileHost.start();
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const persons = sandbox.testPersons.slice(0, 3);
    nins = persons.map((person) => person.nin);
    names = persons.map((person) => person.name);
    phones = await Promise.all(nins.map((nin) => enrolledDevice(t.app, t.http, nin)));
    fileUrl = files.put('/board-resolution.pdf', await makePdf(2, 'Board resolution'));
  });
  afterAll(async () => {
    await t?.close();
    await files?.close();
  });

  const start = (kind: 'signing' | 'review', people: object) =>
    startDocument(integrator, kind, { ...people, file: { url: fileUrl, title: 'Board resolution' }, webhook: WEBHOOK });
  const phone = (index: number) => walletDocumentSigner(t.http, phones[index], nins[index]);
  const simulated = (index: number) => simulatedDocumentSigner(integrator, nins[index]);
  const statusLog = (doc: JsonBody) => (doc.statusLog as Array<{ status: string }>).map((entry) => entry.status);
  const inboxOf = async (index: number): Promise<string[]> => {
    const response = await phones[index].get(t.http, '/wallet/v1/inbox');
    expect(response.status).toBe(200);
    return (response.body.data.flows as Array<{ id: string }>).map((flow) => flow.id);
  };

  /** Signs straight away with the device key over the document's digest, as an app that kept a copied id would. */
  async function signUnasked(index: number, doc: JsonBody) {
    const challenge = { flow: doc.id as string, payloadSha256: (doc.file as JsonBody).sha256 as string };
    const signature = await signChallenge(phones[index], challenge);
    return phones[index].post(t.http, `/wallet/v1/flows/${doc.id}/approve`, { signature });
  }

  const reviewSignee = (index: number, order?: number) => ({
    nin: nins[index],
    name: names[index],
    type: 'person',
    email: `${nins[index]}@example.com`,
    representing: '',
    ...(order === undefined ? {} : { order }),
  });

  /** Every way a signee can sign or decline a pushed document, each expected to be refused with this 409. */
  async function expectRefusedEverywhere(index: number, doc: JsonBody, reason: string) {
    const answers = await Promise.all([
      signUnasked(index, doc),
      phone(index).decline(doc.id as string),
      simulated(index).sign(doc.id as string),
      simulated(index).decline(doc.id as string),
    ]);
    for (const answer of answers) {
      expect({ status: answer.status, reason: answer.body.reason }).toEqual({ status: 409, reason });
    }
  }

  it('sequential signing: each signee is pushed only once the one before has signed; out of turn is 409', async () => {
    const created = await start('signing', { to: nins, signingOrder: 'sequential' });
    const id = created.request.id as string;
    expect(statusLog(created.request)).toEqual(['notified', 'waiting', 'waiting']);
    expect(await inboxOf(0)).toContain(id);
    expect(await inboxOf(1)).not.toContain(id);
    expect(await inboxOf(2)).not.toContain(id);

    const firstsTurn = `It is not this signee's turn yet: it is the turn of ${names[0]} to sign first`;
    await expectRefusedEverywhere(2, created.request, firstsTurn);
    await expectRefusedEverywhere(1, created.request, firstsTurn);
    expect(statusLog(await currentDocument(integrator, id))).toEqual(['notified', 'waiting', 'waiting']);

    expect((await phone(0).sign(id)).status).toBe(201);
    expect(statusLog(await currentDocument(integrator, id))).toEqual(['signed', 'notified', 'waiting']);
    expect(await inboxOf(1)).toContain(id);
    expect(await inboxOf(2)).not.toContain(id);
    await expectRefusedEverywhere(
      2,
      created.request,
      `It is not this signee's turn yet: it is the turn of ${names[1]} to sign first`,
    );

    expect((await simulated(1).sign(id)).status).toBe(201);
    expect(statusLog(await currentDocument(integrator, id))).toEqual(['signed', 'signed', 'notified']);
    expect(await inboxOf(2)).toContain(id);

    expect((await phone(2).sign(id)).status).toBe(201);
    const done = await completedDocument(integrator, id);
    expect((done.file as JsonBody).stamped).toEqual(expect.any(String));
    expect(done.signatures).toHaveLength(3);
  });

  it('sequential review: a copied review link cannot push, sign or decline for a later step', async () => {
    const created = await start('review', {
      signee: [reviewSignee(0), reviewSignee(1), reviewSignee(2)],
      signingOrder: 'sequential',
    });
    const id = created.request.id as string;
    expect(statusLog(created.request)).toEqual(['pending', 'waiting', 'waiting']);
    const reason = `It is not this signee's turn yet: it is the turn of ${names[0]} to sign first`;
    for (const action of ['push', 'sandbox-sign', 'decline']) {
      const answer = await t.http().post(`/review/${id}/signees/2/${action}`).send({});
      expect({ action, status: answer.status, reason: answer.body.reason }).toEqual({ action, status: 409, reason });
    }
    await expectRefusedEverywhere(2, created.request, reason);
    const page = await t.http().get(`/review/${id}/state`).expect(200);
    expect(page.body.data.review.signees.map((signee: JsonBody) => [signee.status, signee.open])).toEqual([
      ['pending', true],
      ['waiting', false],
      ['waiting', false],
    ]);

    await t.http().post(`/review/${id}/signees/0/sandbox-sign`).send({}).expect(200);
    // A review signee whose turn has come asks for their own push on the page, as in parallel review.
    expect(statusLog(await currentDocument(integrator, id))).toEqual(['signed', 'pending', 'waiting']);
    await t.http().post(`/review/${id}/signees/1/sandbox-sign`).send({}).expect(200);
    await t.http().post(`/review/${id}/signees/2/sandbox-sign`).send({}).expect(200);
    expect((await completedDocument(integrator, id)).status).toBe('completed');
  });

  it('a parallel step: signees with the same order sign in either order, the next step waits for both', async () => {
    const created = await start('review', {
      signee: [reviewSignee(0, 2), reviewSignee(1, 1), reviewSignee(2, 2)],
      signingOrder: 'sequential',
    });
    const id = created.request.id as string;
    expect(statusLog(created.request)).toEqual(['waiting', 'pending', 'waiting']);
    const secondsTurn = `It is not this signee's turn yet: it is the turn of ${names[1]} to sign first`;
    const early = await t.http().post(`/review/${id}/signees/0/push`).send({});
    expect({ status: early.status, reason: early.body.reason }).toEqual({ status: 409, reason: secondsTurn });

    expect((await simulated(1).sign(id)).status).toBe(201);
    expect(statusLog(await currentDocument(integrator, id))).toEqual(['pending', 'signed', 'pending']);
    // Both signees of step 2 are in turn at once: the last of the list signs first.
    await t.http().post(`/review/${id}/signees/2/push`).send({}).expect(200);
    expect((await phone(2).sign(id)).status).toBe(201);
    expect(statusLog(await currentDocument(integrator, id))).toEqual(['pending', 'signed', 'signed']);
    expect((await simulated(0).sign(id)).status).toBe(201);
    expect((await completedDocument(integrator, id)).status).toBe('completed');
  });

  it('a decline in turn ends a sequential document: the waiting signees become stale', async () => {
    const created = await start('signing', { to: nins, signingOrder: 'sequential' });
    const id = created.request.id as string;
    expect((await phone(0).sign(id)).status).toBe(201);
    expect((await phone(1).decline(id, 'Wrong figures')).status).toBe(201);
    const ended = await currentDocument(integrator, id);
    expect(ended.status).toBe('rejected');
    expect(statusLog(ended)).toEqual(['signed', 'rejected', 'stale']);
  });

  it('parallel is the default: every signee is pushed at once', async () => {
    const created = await start('signing', { to: nins });
    expect(statusLog(created.request)).toEqual(['notified', 'notified', 'notified']);
    expect((await phone(2).sign(created.request.id as string)).status).toBe(201);
  });
});
