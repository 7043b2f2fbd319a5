import { DataSource } from 'typeorm';
import { SealCertificate } from '../../src/seal/seal-certificate.entity';
import { TestApp, createTestApp } from '../support/test-app';

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const describeScaledOut = scaledOut ? describe : describe.skip;

describeScaledOut('the sandbox seal across two instances sharing PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ env: { DATABASE_SCHEMA: first.config.DATABASE_SCHEMA as string } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('is made once: both instances, asked at the same moment, publish the same CA and seal with one key', async () => {
    const [fromFirst, fromSecond] = await Promise.all(
      [first, second].map((app) => app.http().get('/.well-known/idflow-seal-ca.pem').expect(200)),
    );
    expect(fromFirst.text).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(fromSecond.text).toBe(fromFirst.text);
    const rows = await first.app.get(DataSource).getRepository(SealCertificate).find();
    expect(rows).toHaveLength(1);
    expect(rows[0].caPem).toBe(fromFirst.text);
  });
});
