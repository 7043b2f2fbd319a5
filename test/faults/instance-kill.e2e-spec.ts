import { DELIVERY_LEASE_MS } from '../../src/webhooks/webhook-delivery.repository';
import { FaultRig } from '../support/fault-rig';
import { untilCompleted } from '../support/document-flows';
import type { JsonBody } from '../support/json-body';
import { makePdf } from '../support/pdf-fixtures';
import { expectPromisedWebhooks } from '../support/promised-webhooks';
import type { ServiceProcess } from '../support/service-process';
import { pause } from '../support/waiting';

const DOCUMENTS = 4;
/** Long enough that the seals after the last signatures are still under way when the instance is killed. */
const PAGES = 150;
const KILL_AFTER_MS = 300;
/** How long the killed instance's seal stays its own: the other takes it on after that. */
const SEAL_LEASE_SECONDS = 5;
/** A document.completed send the killed instance had claimed is sent by the other once its lease runs out. */
const WEBHOOKS_WITHIN_MS = DELIVERY_LEASE_MS + 20_000;

describe('one of two instances killed with SIGKILL mid-document-completion, under load', () => {
  let rig: FaultRig;

  beforeAll(async () => {
    rig = await FaultRig.start({ SEAL_LEASE_SECONDS: String(SEAL_LEASE_SECONDS) });
  }, 90_000);
  afterAll(async () => {
    await rig?.close();
  });

  // The last signature commits alone, with the document's seal made due; the stamped copy, its seal, the trail and the
  // webhook row commit together afterwards. A kill leaves either undone, never half done: the signer who got no answer
  // signs again through the other instance, and a seal the killed instance had under way is taken on by the other once
  // its lease runs out.
  it('documents whose last signature or seal was under way on the killed instance complete once through the other: stamped, sealed and reported once', async () => {
    const { pair, files, receiver } = rig;
    const { a, b, sandbox } = pair;
    const [first, second] = sandbox.nins;
    const approve = (on: ServiceProcess, flow: string, nin: string) =>
      pair.call(on, `/api/v2/sandbox/flows/${flow}/approve`, { nin });
    const fileUrl = files.put('/killed.pdf', await makePdf(PAGES, 'Killed mid-completion'));
    const references = new Map<string, string>();
    for (let index = 0; index < DOCUMENTS; index++) {
      const reference = `killed-${index}`;
      const created = await pair.call(b, '/api/v2/document/signing', {
        to: [first, second],
        file: { url: fileUrl, title: reference },
        webhook: { host: receiver.url, reference },
      });
      expect(created.status).toBe(201);
      const id: string = created.body.data.request.id;
      expect((await approve(b, id, first)).status).toBe(201);
      references.set(reference, id);
    }
    const documents = [...references.values()];

    const load = await rig.startLoad('kill');
    try {
      await pause(1000);
      // The last signatures commit alone and are answered before the kill; the killed instance is then making seals.
      const answered = await Promise.all(documents.map((id) => approve(a, id, second).then((answer) => answer.status)));
      expect(answered).toEqual(documents.map(() => 201));
      await pause(KILL_AFTER_MS);
      process.kill(a.pid, 'SIGKILL');
      await a.exited;
      const states = await Promise.all(
        documents.map(
          async (id) => (await pair.call(b, '/api/v2/document/refresh', { flow: id })).body.data.doc.status,
        ),
      );
      console.log(`documents at the kill: ${states.join(', ')}`);
      expect(states).toContain('in_progress');
      await pause(1000);
    } finally {
      await load.stop();
    }

    for (const id of documents) {
      const doc: JsonBody = await untilCompleted(
        async () => (await pair.call(b, '/api/v2/document/refresh', { flow: id })).body.data.doc,
      );
      expect(doc).toMatchObject({ status: 'completed', signatures: [{}, {}], file: { stamped: expect.any(String) } });
      const trail: JsonBody[] = (await pair.call(b, '/api/v2/document/audit', { flow: id })).body.data.events;
      expect({ id, stamped: trail.filter((event) => event.type === 'stamped').length }).toEqual({ id, stamped: 1 });
      expect({ id, sealed: trail.filter((event) => event.type === 'sealed').length }).toEqual({ id, sealed: 1 });
      const client = { 'x-real-ip': sandbox.headers['x-real-ip'] };
      const stamped = await fetch(new URL(new URL(doc.file.stamped).pathname, b.baseUrl), { headers: client });
      expect(stamped.status).toBe(200);
      const verified = await fetch(`${b.baseUrl}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', ...client },
        body: Buffer.from(await stamped.arrayBuffer()),
      });
      expect(((await verified.json()) as JsonBody).data).toMatchObject({
        result: 'verified',
        reliedOn: ['record', 'seal'],
        document: { id },
      });
    }
    await expectPromisedWebhooks(receiver, sandbox.webhookSecret, 'document.completed', references, WEBHOOKS_WITHIN_MS);
    for (const flow of load.created) {
      const { status } = await pair.call(b, '/api/v2/flow/ping', { request: flow });
      expect({ flow, status }).toEqual({ flow, status: 200 });
    }
  }, 180_000);
});
