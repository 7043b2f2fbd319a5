import { DataSource } from 'typeorm';
import { UsageRecord } from '../../src/billing/usage-record.entity';
import { RETENTION_PASS } from '../../src/common/retention/retention.sweeper';
import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { DocumentSignee } from '../../src/documents/document-signee.entity';
import { FlowDocument } from '../../src/documents/flow-document.entity';
import { FlowCode } from '../../src/flows/flow-code.entity';
import { Flow } from '../../src/flows/flow.entity';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { UsageMeter } from '../../src/billing/usage.meter';
import { UsedProof } from '../../src/wallet/used-proof.entity';
import { WebhookDelivery } from '../../src/webhooks/webhook-delivery.entity';
import { simulatorSignedDocument } from '../support/document-flows';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { closedPort } from '../support/service-process';
import { TestApp, createTestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const DAY_MS = 24 * 60 * 60 * 1000;
const SIGNERS = ['10000000001', '10000000002'];

describe(`retention on ${dialect}`, () => {
  let t: TestApp;
  let other: TestApp | undefined;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let files: FileHost;
  let receiver: WebhookReceiver;
  let dataSource: DataSource;

  beforeAll(async () => {
    const env = {
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '3600',
    };
    t = await createTestApp({ env });
    // On PostgreSQL a second instance shares the database and sweeps at the same moment.
    if (process.env.DATABASE_URL) {
      other = await createTestApp({ env: { ...env, DATABASE_SCHEMA: t.config.DATABASE_SCHEMA as string } });
    }
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    files = await FileHost.start();
    receiver = await WebhookReceiver.start();
    dataSource = t.app.get(DataSource);
  });
  afterAll(async () => {
    await other?.close();
    await t.close();
    await files.close();
    await receiver.close();
  });

  /** Moves a column of every row back by `days`, as if that much time had passed. */
  const age = (table: string, column: string, days: number) =>
    dataSource.query(`UPDATE "${table}" SET "${column}" = "${column}" - ${days * DAY_MS}`);

  const sweep = async () => {
    const instances = [t, ...(other ? [other] : [])].map((instance) => instance.app.get(BackgroundWork));
    const passes = await Promise.all(instances.map((background) => background.runOnce(RETENTION_PASS)));
    return passes.reduce<Record<string, number>>((sum, pass) => {
      for (const [rule, count] of Object.entries((pass ?? {}) as Record<string, number>)) {
        sum[rule] = (sum[rule] ?? 0) + count;
      }
      return sum;
    }, {});
  };

  it('deletes what is past its age in bounded batches, keeps what is not, and keeps completed documents', async () => {
    // An ended identification flow, with its link code; a flow still open.
    const ended = await integrator.start('same-device', SAME_DEVICE_LOGIN);
    await integrator.cancel(ended.id).expect(201);
    const open = await integrator.start('same-device', SAME_DEVICE_LOGIN);
    // A completed document, which /verify vouches for, and a cancelled one.
    const { doc: completed, stamped } = await simulatorSignedDocument(
      t,
      sandbox,
      files.put('/completed.pdf', await makePdf(1)),
      SIGNERS,
    );
    const cancelled = await t
      .http()
      .post('/api/v2/document/signing')
      .set(credentials(sandbox))
      .send({
        to: SIGNERS,
        file: { url: files.put('/cancelled.pdf', await makePdf(1)), title: 'Draft' },
        webhook: { host: receiver.url, reference: 'retention-document' },
      })
      .expect(201);
    const cancelledId: string = cancelled.body.data.request.id;
    await integrator.cancel(cancelledId).expect(201);
    // A delivered webhook, and one still pending (its receiver is down, its retry an hour away).
    const delivered = await integrator.post('/api/v2/signing/different-device', {
      action: 'sign',
      nin: sandbox.testPersons[0].nin,
      payload: 'Delivered',
      webhook: { host: receiver.url, reference: 'retention-delivered' },
    });
    await integrator.cancel(delivered.body.data.request.id).expect(201);
    await receiver.waitFor('retention-delivered', 1);
    const pending = await integrator.post('/api/v2/signing/different-device', {
      action: 'sign',
      nin: sandbox.testPersons[0].nin,
      payload: 'Pending',
      webhook: { host: `http://127.0.0.1:${await closedPort()}/hook`, reference: 'retention-pending' },
    });
    await integrator.cancel(pending.body.data.request.id).expect(201);
    // More usage records than one batch deletes, and a used device proof past its freshness.
    const usage = dataSource.getRepository(UsageRecord);
    await t.app.get(UsageMeter).flush();
    const template = (await usage.find({ take: 1 }))[0];
    const extra = Array.from({ length: 1_200 }, (_, index) => ({ ...template, id: `use_retention${index}` }));
    for (let start = 0; start < extra.length; start += 200) await usage.insert(extra.slice(start, start + 200));
    await dataSource.getRepository(UsedProof).insert({ jtiDigest: 'f'.repeat(64), expiresAt: Date.now() - 1000 });

    const usageBefore = await usage.count();
    await age('flows', 'updated_at', 91);
    await age('usage_records', 'created_at', 401);
    await age('webhook_deliveries', 'updated_at', 31);
    // A record made just now, which stays.
    await integrator.view(open.id);
    await t.app.get(UsageMeter).flush();
    const usageKept = (await usage.count()) - usageBefore;
    expect(usageKept).toBe(1);

    const deleted = await sweep();

    expect(deleted['usage records']).toBe(usageBefore);
    expect(await usage.count()).toBe(usageKept);
    expect(deleted['used device proofs']).toBe(1);
    expect(await dataSource.getRepository(UsedProof).countBy({ jtiDigest: 'f'.repeat(64) })).toBe(0);

    await integrator.ping(ended.id).expect(404);
    expect(await dataSource.getRepository(FlowCode).countBy({ flowId: ended.id })).toBe(0);
    expect((await integrator.view(open.id)).status).toBe('pending');
    expect(await dataSource.getRepository(FlowDocument).countBy({ flowId: cancelledId })).toBe(0);
    expect(await dataSource.getRepository(DocumentSignee).countBy({ flowId: cancelledId })).toBe(0);
    expect(await dataSource.getRepository(Flow).countBy({ id: completed.id })).toBe(1);
    const verified = await t.http().post('/verify').set('content-type', 'application/pdf').send(stamped).expect(200);
    expect(verified.body.data).toMatchObject({ result: 'verified', document: { id: completed.id } });

    const deliveries = await dataSource.getRepository(WebhookDelivery).find();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.filter((delivery) => delivery.status !== 'pending')).toEqual([]);

    // Nothing is left to delete: a second pass deletes nothing.
    expect(Object.values(await sweep()).every((count) => count === 0)).toBe(true);
  });
});
