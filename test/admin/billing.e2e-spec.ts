import { Controller, Get, Post } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Auth } from '../../src/access/auth.decorator';
import { ROUTE_CREDENTIALS } from '../../src/auth/route-credentials';
import { Public } from '../../src/common/route-access/public.decorator';
import { BillingAccountsService } from '../../src/billing/billing-accounts.service';
import { dateOf, monthOf } from '../../src/billing/billing-calendar';
import { UsageMeter } from '../../src/billing/usage.meter';
import { UsageRecord } from '../../src/billing/usage-record.entity';
import { Flow } from '../../src/flows/flow.entity';
import { DEFAULT_SCOPES } from '../../src/tenants/scopes';
import { TenantsService } from '../../src/tenants/tenants.service';
import { IntegratorClient } from '../support/integrator-client';
import { runCli } from '../support/operator-cli';
import { createTenant, TestTenant } from '../support/tenant-factory';
import { TestApp, createTestApp, randomClientIp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const ALLOWANCE = 2;
const PRICE_AUTHENTICATION = 50;
const PRICE_SIGNATURE = 100;
const BILLING_ENV = {
  FREE_MONTHLY_ALLOWANCE: String(ALLOWANCE),
  PRICE_AUTHENTICATION: String(PRICE_AUTHENTICATION),
  PRICE_SIGNATURE: String(PRICE_SIGNATURE),
};

const LOGIN = { action: 'login', claims: ['naming.name'], payload: 'x' };
const SAME_DEVICE = '/api/v2/identification/same-device';
const CONFIRM_BY_SEED = { action: 'confirm', payload: 'Confirm order 42', seeds: 1 };
/** A NIN no device was ever enrolled for: different-device answers 400. */
const NIN_WITHOUT_DIGITAL_ID = '49999999999';

/** Test-only routes that fail with 500: one never billed, one billable. */
@Controller()
class FailingProbeController {
  @Get('api/v2/probe/billing/failure')
  @Auth(ROUTE_CREDENTIALS.system)
  fail(): never {
    throw new Error('probe failure');
  }

  @Post('api/v2/probe/billing/billable-failure')
  @Auth({ ...ROUTE_CREDENTIALS.identification.v2.sameDevice, billing: 'authentication' })
  failBillable(): never {
    throw new Error('probe failure');
  }

  @Get('api/v2/probe/billing/public')
  @Public()
  open(): string {
    return 'open';
  }
}

describe(`billing on ${dialect}`, () => {
  let t: TestApp;
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  const accountOf = (consumerId: string) => t.app.get(BillingAccountsService).account(consumerId);
  const flowsOf = (appId: string) => t.app.get(DataSource).getRepository(Flow).countBy({ appId });
  const clientOf = (tenant: TestTenant) =>
    new IntegratorClient(t.http, { apiKey: tenant.apiKey, appSecret: tenant.appSecret });
  const liveTenant = () =>
    createTenant(t.app, { environment: 'production', scopes: [...DEFAULT_SCOPES, 'identification:another'] });
  const credit = (consumerId: string, amount: unknown) =>
    admin().post(`/admin/consumers/${consumerId}/credit`).send({ amount });

  beforeAll(async () => {
    t = await createTestApp({ env: BILLING_ENV, controllers: [FailingProbeController] });
  });
  afterAll(() => t.close());

  describe('the live pre-check', () => {
    it('grants the free allowance, then refuses with 402 until the balance is topped up, then charges the price', async () => {
      const live = await liveTenant();
      const client = clientOf(live);

      for (let call = 0; call < ALLOWANCE; call++) {
        const created = await client.post(SAME_DEVICE, LOGIN);
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ status: 'successful', cost: 0, version: 'v2' });
      }

      const refused = await client.post(SAME_DEVICE, LOGIN);
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({
        status: 'failed',
        reason: expect.stringMatching(/^Insufficient balance: .*top up/),
        version: 'v2',
        data: { category: 'authentication', price: PRICE_AUTHENTICATION },
      });
      expect(await flowsOf(live.appId)).toBe(ALLOWANCE);

      const topUp = await credit(live.consumerId, 120).expect(201);
      expect(topUp.body).toMatchObject({
        status: 'successful',
        reason: 'Balance credited',
        data: { consumerId: live.consumerId, balance: 120, allowance: { used: ALLOWANCE, limit: ALLOWANCE } },
      });

      for (const balanceAfter of [70, 20]) {
        const paid = await client.post(SAME_DEVICE, LOGIN);
        expect(paid.status).toBe(201);
        expect(paid.body).toMatchObject({ status: 'successful', cost: PRICE_AUTHENTICATION });
        expect((await accountOf(live.consumerId)).balance).toBe(balanceAfter);
      }
      await client.post(SAME_DEVICE, LOGIN).expect(402);
      expect(await flowsOf(live.appId)).toBe(ALLOWANCE + 2);

      // Signing creates are charged the signature price from the same balance.
      const unaffordable = await client.post('/api/v2/signing/wildcard', CONFIRM_BY_SEED);
      expect(unaffordable.status).toBe(402);
      expect(unaffordable.body.data).toEqual({ category: 'signature', price: PRICE_SIGNATURE });
      await credit(live.consumerId, 80).expect(201);
      const signed = await client.post('/api/v2/signing/wildcard', CONFIRM_BY_SEED);
      expect(signed.status).toBe(201);
      expect(signed.body.cost).toBe(PRICE_SIGNATURE);
      expect(await accountOf(live.consumerId)).toMatchObject({ balance: 0, allowance: { used: ALLOWANCE } });

      await t.app.get(UsageMeter).flush();
      const report = await t.http().get('/api/v2/billing/usage').set(client.headers()).expect(200);
      expect(report.body.data).toEqual({
        consumer: expect.stringMatching(/^bcn_.{4}\*\*\*\*.{4}$/),
        environment: 'production',
        from: `${monthOf(Date.now())}-01`,
        to: dateOf(Date.now()),
        days: [
          { date: dateOf(Date.now()), category: 'authentication', calls: 6, cost: 2 * PRICE_AUTHENTICATION },
          { date: dateOf(Date.now()), category: 'signature', calls: 2, cost: PRICE_SIGNATURE },
        ],
        totals: { calls: 8, cost: 2 * PRICE_AUTHENTICATION + PRICE_SIGNATURE },
        balance: 0,
        allowance: { month: monthOf(Date.now()), used: ALLOWANCE, limit: ALLOWANCE },
      });
    });

    it('never charges a create that fails: validation, no digital ID, or an unexpected error', async () => {
      const live = await liveTenant();
      const client = clientOf(live);
      await credit(live.consumerId, 1000).expect(201);
      const failures = async () => {
        await client.post(SAME_DEVICE, { action: 'login', claims: ['naming.name'] }).expect(400);
        const noDigitalId = await client.post('/api/v2/identification/different-device', {
          ...LOGIN,
          user: NIN_WITHOUT_DIGITAL_ID,
        });
        expect(noDigitalId.status).toBe(400);
        expect(noDigitalId.body.reason).toMatch(/no digital ID/);
        expect(noDigitalId.body).not.toHaveProperty('cost');
        await client.post('/api/v2/probe/billing/billable-failure', {}).expect(500);
      };

      // Within the allowance, a failure gives its allowance call back ...
      await failures();
      expect(await accountOf(live.consumerId)).toMatchObject({ balance: 1000, allowance: { used: 0 } });
      for (let call = 0; call < ALLOWANCE; call++) await client.post(SAME_DEVICE, LOGIN).expect(201);

      // ... and beyond it, its price.
      await failures();
      expect(await accountOf(live.consumerId)).toMatchObject({ balance: 1000, allowance: { used: ALLOWANCE } });
      await client.post(SAME_DEVICE, LOGIN).expect(201);
      expect((await accountOf(live.consumerId)).balance).toBe(1000 - PRICE_AUTHENTICATION);
    });

    it('never refuses a sandbox app, and its billable answers cost 0', async () => {
      const sandbox = await createTenant(t.app, { environment: 'sandbox' });
      const client = clientOf(sandbox);
      for (let call = 0; call < ALLOWANCE + 3; call++) {
        const created = await client.post(SAME_DEVICE, LOGIN);
        expect(created.status).toBe(201);
        expect(created.body.cost).toBe(0);
      }
      const signed = await client.post('/api/v2/signing/wildcard', CONFIRM_BY_SEED);
      expect(signed.status).toBe(201);
      expect(signed.body.cost).toBe(0);
      expect(await accountOf(sandbox.consumerId)).toMatchObject({ balance: 0, allowance: { used: 0 } });
    });

    it('puts no cost on routes that are never billed, nor on failures', async () => {
      const live = await liveTenant();
      const client = clientOf(live);
      const flow = await client.start('same-device', LOGIN);
      const ping = await client.ping(flow.id).expect(200);
      expect(ping.body).not.toHaveProperty('cost');
      const health = await t.http().get('/api/health/check').set('x-api-key', live.apiKey).expect(200);
      expect(health.text).toBe('OK');
      const invalid = await client.post(SAME_DEVICE, {}).expect(400);
      expect(invalid.body).not.toHaveProperty('cost');
    });

    it('documents the 402 on billable routes only', async () => {
      const document = (await t.http().get('/docs-json').expect(200)).body;
      expect(document.paths[SAME_DEVICE].post.responses['402']).toBeDefined();
      expect(document.paths['/api/v2/signing/wildcard'].post.responses['402']).toBeDefined();
      expect(document.paths['/api/v2/flow/ping'].post.responses['402']).toBeUndefined();
    });
  });

  describe('concurrent live creates', () => {
    const concurrently = (client: IntegratorClient, count: number) =>
      Promise.all(Array.from({ length: count }, () => client.post(SAME_DEVICE, LOGIN)));
    const statuses = (responses: Array<{ status: number }>) => responses.map((response) => response.status).sort();

    it('never hand out more of the allowance than there is', async () => {
      const live = await liveTenant();
      const responses = await concurrently(clientOf(live), 8);
      expect(statuses(responses)).toEqual([201, 201, 402, 402, 402, 402, 402, 402]);
      expect(await accountOf(live.consumerId)).toMatchObject({ balance: 0, allowance: { used: ALLOWANCE } });
      expect(await flowsOf(live.appId)).toBe(ALLOWANCE);
    });

    it('never spend the same last unit of a balance twice', async () => {
      const live = await liveTenant();
      const client = clientOf(live);
      for (let call = 0; call < ALLOWANCE; call++) await client.post(SAME_DEVICE, LOGIN).expect(201);
      await credit(live.consumerId, 3 * PRICE_AUTHENTICATION).expect(201);

      const responses = await concurrently(client, 10);
      expect(statuses(responses)).toEqual([...Array(3).fill(201), ...Array(7).fill(402)]);
      const paid = responses.filter((response) => response.status === 201);
      expect(paid.map((response) => response.body.cost)).toEqual(Array(3).fill(PRICE_AUTHENTICATION));
      expect((await accountOf(live.consumerId)).balance).toBe(0);
      expect(await flowsOf(live.appId)).toBe(ALLOWANCE + 3);
    });
  });

  describe('usage reports', () => {
    it('validates the period: real dates, from not after to, at most 366 days', async () => {
      const sandbox = await createTenant(t.app);
      const client = clientOf(sandbox);
      const report = (query: Record<string, string>) =>
        t.http().get('/api/v2/billing/usage').query(query).set(client.headers());

      const cases: Array<[Record<string, string>, string, string]> = [
        [{ from: '2025-02-30' }, 'from', 'from must be a date written YYYY-MM-DD'],
        [{ to: '2025/11/01' }, 'to', 'to must be a date written YYYY-MM-DD'],
        [{ from: '2025-11-02', to: '2025-11-01' }, 'from', 'from must not be after to'],
        [{ from: '2024-01-01', to: '2025-01-01' }, 'to', 'the period from from to to may cover at most 366 days'],
      ];
      for (const [query, field, message] of cases) {
        const refused = await report(query);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ status: 'failed', errors: [{ path: [field], message }] });
      }
      const leapYear = await report({ from: '2024-01-01', to: '2024-12-31' }).expect(200);
      expect(leapYear.body.data).toMatchObject({
        from: '2024-01-01',
        to: '2024-12-31',
        environment: 'sandbox',
        days: [],
      });
      const oneDay = await report({ from: '2025-11-03', to: '2025-11-03' }).expect(200);
      expect(oneDay.body.data).toMatchObject({ totals: { calls: 0, cost: 0 } });
    });

    it('needs the key and the app secret', async () => {
      const sandbox = await createTenant(t.app);
      await t.http().get('/api/v2/billing/usage').set('x-api-key', sandbox.apiKey).expect(401);
    });

    it("shows a key the usage of its consumer's apps in its own environment only", async () => {
      const first = await createTenant(t.app, { environment: 'production' });
      const second = await createTenant(t.app, { environment: 'production', consumerId: first.consumerId });
      const sandbox = await createTenant(t.app, { environment: 'sandbox', consumerId: first.consumerId });
      await clientOf(first).post(SAME_DEVICE, LOGIN).expect(201);
      await clientOf(second).post(SAME_DEVICE, LOGIN).expect(201);
      await clientOf(sandbox).post(SAME_DEVICE, LOGIN).expect(201);
      await t.app.get(UsageMeter).flush();

      const days = async (tenant: TestTenant) => {
        const client = clientOf(tenant);
        return (await t.http().get('/api/v2/billing/usage').set(client.headers()).expect(200)).body.data.days;
      };
      expect(await days(first)).toEqual([{ date: dateOf(Date.now()), category: 'authentication', calls: 2, cost: 0 }]);
      expect(await days(sandbox)).toEqual([
        { date: dateOf(Date.now()), category: 'authentication', calls: 1, cost: 0 },
      ]);
    });

    it("lists a month's usage per consumer for the operator", async () => {
      const live = await liveTenant();
      await credit(live.consumerId, PRICE_AUTHENTICATION).expect(201);
      const client = clientOf(live);
      for (let call = 0; call < ALLOWANCE + 1; call++) await client.post(SAME_DEVICE, LOGIN).expect(201);
      await client.ping('req_unknown').expect(404);
      await t.app.get(UsageMeter).flush();

      const month = await admin()
        .get('/admin/billing/usage')
        .query({ month: monthOf(Date.now()) })
        .expect(200);
      expect(month.body.data.month).toBe(monthOf(Date.now()));
      const consumer = month.body.data.consumers.find(
        (entry: { consumerId: string }) => entry.consumerId === live.consumerId,
      );
      expect(consumer).toEqual({
        consumerId: live.consumerId,
        name: 'Test consumer',
        calls: ALLOWANCE + 2,
        cost: PRICE_AUTHENTICATION,
        usage: [
          { environment: 'production', category: 'authentication', calls: ALLOWANCE + 1, cost: PRICE_AUTHENTICATION },
          { environment: 'production', category: 'none', calls: 1, cost: 0 },
        ],
      });
      const current = await admin().get('/admin/billing/usage').expect(200);
      expect(current.body.data.month).toBe(monthOf(Date.now()));
      const earlier = await admin().get('/admin/billing/usage').query({ month: '2020-01' }).expect(200);
      expect(earlier.body.data).toEqual({ month: '2020-01', calls: 0, cost: 0, consumers: [] });
      await admin().get('/admin/billing/usage').query({ month: '2025-13' }).expect(400);
      await t.http().get('/admin/billing/usage').expect(401);
    });
  });

  describe('top-ups', () => {
    it.each([[0], [-5], [1.5], ['10'], [null], [1_000_000_001]])('refuses an amount of %p with 400', async (amount) => {
      const live = await liveTenant();
      const refused = await credit(live.consumerId, amount);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: ['amount'] })]);
      expect((await accountOf(live.consumerId)).balance).toBe(0);
    });

    it('answers 404 for an unknown consumer and 400 for a malformed id', async () => {
      await credit('bcn_doesNotExist0000000000', 10).expect(404);
      await credit('app_notAConsumer', 10).expect(400);
    });

    it('add up', async () => {
      const live = await liveTenant();
      await credit(live.consumerId, 10).expect(201);
      const second = await credit(live.consumerId, 15).expect(201);
      expect(second.body.data.balance).toBe(25);
    });
  });

  describe('operator CLI', () => {
    it('billing:credit tops up a balance; billing:usage prints the month per consumer', async () => {
      const live = await liveTenant();
      await clientOf(live).post(SAME_DEVICE, LOGIN).expect(201);
      await t.app.get(UsageMeter).flush();

      const [credited, badAmount, unknown, usage, human, badMonth] = await Promise.all([
        runCli(t.config, ['billing:credit', '--consumer', live.consumerId, '--amount', '500', '--json']),
        runCli(t.config, ['billing:credit', '--consumer', live.consumerId, '--amount', '0']),
        runCli(t.config, ['billing:credit', '--consumer', 'bcn_doesNotExist0000000000', '--amount', '5']),
        runCli(t.config, ['billing:usage', '--month', monthOf(Date.now()), '--json']),
        runCli(t.config, ['billing:usage']),
        runCli(t.config, ['billing:usage', '--month', '2025-1']),
      ]);

      expect(credited).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(credited.stdout)).toMatchObject({ consumerId: live.consumerId, balance: 500 });
      expect((await accountOf(live.consumerId)).balance).toBe(500);

      expect(badAmount.code).toBe(1);
      expect(badAmount.stdout).toBe('');
      expect(badAmount.stderr).toMatch(/whole number of minor units/);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/does not exist/);

      expect(usage).toMatchObject({ code: 0, stderr: '' });
      const report = JSON.parse(usage.stdout);
      expect(report.consumers).toContainEqual({
        consumerId: live.consumerId,
        name: 'Test consumer',
        calls: 1,
        cost: 0,
        usage: [{ environment: 'production', category: 'authentication', calls: 1, cost: 0 }],
      });
      expect(human.code).toBe(0);
      expect(human.stdout).toContain(live.consumerId);
      expect(human.stdout).toMatch(/production authentication\s+1 call, cost 0/);
      expect(badMonth.code).toBe(1);
      expect(badMonth.stderr).toMatch(/YYYY-MM/);
    }, 60_000);
  });
});

describe(`usage metering on ${dialect}`, () => {
  const RATE_LIMIT = 3;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ...BILLING_ENV, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
      controllers: [FailingProbeController],
    });
  });
  afterAll(() => t.close());

  const sumOf = (records: UsageRecord[], column: 'calls' | 'cost') =>
    records.reduce((total, record) => total + record[column], 0);
  /** The calls the rows count, summed per route, status, category and key, whatever minute each row covers. */
  const callsByGroup = (records: UsageRecord[]) => {
    const counts = new Map<string, number>();
    for (const { route, status, category, keyId, calls } of records) {
      const group = `${route} ${status} ${category} ${keyId}`;
      counts.set(group, (counts.get(group) ?? 0) + calls);
    }
    return [...counts].map(([group, count]) => `${count} × ${group}`).sort();
  };

  const recordsOf = (consumerId: string) =>
    t.app
      .get(DataSource)
      .getRepository(UsageRecord)
      .find({ where: { consumerId }, order: { createdAt: 'ASC' } });

  it('records exactly the calls with a known key answered below 500, 4xx included', async () => {
    const tenant = await createTenant(t.app, { environment: 'sandbox' });
    const client = new IntegratorClient(t.http, { apiKey: tenant.apiKey, appSecret: tenant.appSecret });
    const revoked = await t.app.get(TenantsService).createApiKey(tenant.appId);
    await t.app.get(TenantsService).revokeApiKey(revoked.record.id);
    const key = (apiKey: string) => ({ 'x-api-key': apiKey });
    const health = () => t.http().get('/api/health/check');

    // Metered:
    await client.post(SAME_DEVICE, LOGIN).expect(201);
    await client.post(SAME_DEVICE, { action: 'login' }).expect(400);
    await client.ping('req_unknown').expect(404);
    await t
      .http()
      .post(SAME_DEVICE)
      .set({ ...key(tenant.apiKey), 'x-access-secret': 'snb_wrong' })
      .send(LOGIN)
      .expect(401);
    await health().set(key(revoked.apiKey)).expect(401);
    await t.http().get('/api/v2/no/such/route').set(key(tenant.apiKey)).expect(404);
    await t
      .http()
      .post(SAME_DEVICE)
      .set({ ...client.headers(), 'content-type': 'application/json' })
      .send('{"action":')
      .expect(400);
    await t.http().get('/api/v2/probe/billing/public').set(key(tenant.apiKey)).expect(200);
    const ip = randomClientIp();
    for (let call = 0; call < RATE_LIMIT; call++)
      await health().set(key(tenant.apiKey)).set('x-real-ip', ip).expect(200);
    await health().set(key(tenant.apiKey)).set('x-real-ip', ip).expect(429);

    // Not metered: no key, an unknown key, a 5xx.
    await health().expect(401);
    await health()
      .set(key(`bk-test_${'x'.repeat(40)}`))
      .expect(401);
    await health().set(key('not-a-key')).expect(401);
    await t.http().get('/api/v2/probe/billing/failure').set(key(tenant.apiKey)).expect(500);
    await client.post('/api/v2/probe/billing/billable-failure', {}).expect(500);

    await t.app.get(UsageMeter).flush();
    const records = await recordsOf(tenant.consumerId);
    const calls = (route: string, status: number, category: string | null = null, keyId = tenant.apiKeyId, count = 1) =>
      `${count} × ${route} ${status} ${category} ${keyId}`;
    expect(callsByGroup(records)).toEqual(
      [
        calls(`POST ${SAME_DEVICE}`, 201, 'authentication'),
        calls(`POST ${SAME_DEVICE}`, 400, 'authentication'),
        calls('POST /api/v2/flow/ping', 404),
        calls(`POST ${SAME_DEVICE}`, 401, 'authentication'),
        calls('GET /api/health/check', 401, null, revoked.record.id),
        calls('GET (not routed)', 404),
        calls('POST (not routed)', 400),
        calls('GET /api/v2/probe/billing/public', 200),
        calls('GET /api/health/check', 200, null, tenant.apiKeyId, RATE_LIMIT),
        // Refused before routing, as bodies the parser refuses are.
        calls('GET (not routed)', 429),
      ].sort(),
    );
    expect(records.every((record) => record.cost === 0)).toBe(true);
    expect(records.every((record) => record.appId === tenant.appId && record.environment === 'sandbox')).toBe(true);
  });

  it('records what a live call was charged', async () => {
    const live = await createTenant(t.app, { environment: 'production' });
    await t.app.get(BillingAccountsService).credit(live.consumerId, PRICE_AUTHENTICATION);
    const client = new IntegratorClient(t.http, { apiKey: live.apiKey, appSecret: live.appSecret });
    for (let call = 0; call < ALLOWANCE + 2; call++) await client.post(SAME_DEVICE, LOGIN);

    await t.app.get(UsageMeter).flush();
    const records = await recordsOf(live.consumerId);
    // The calls of one key, route and status in one minute share a row, their costs added up.
    const byStatus = (status: number) => records.filter((record) => record.status === status);
    expect(sumOf(byStatus(201), 'calls')).toBe(ALLOWANCE + 1);
    expect(sumOf(byStatus(201), 'cost')).toBe(PRICE_AUTHENTICATION);
    expect(sumOf(byStatus(402), 'calls')).toBe(1);
    expect(sumOf(byStatus(402), 'cost')).toBe(0);
    expect(records.every((record) => record.environment === 'production')).toBe(true);
  });
});

describe(`usage across a restart on ${dialect}`, () => {
  it('loses no call that was answered: the last records are written on shutdown', async () => {
    const first = await createTestApp();
    const tenant = await createTenant(first.app);
    const client = new IntegratorClient(first.http, { apiKey: tenant.apiKey, appSecret: tenant.appSecret });
    for (let call = 0; call < 3; call++) await client.post(SAME_DEVICE, LOGIN).expect(201);
    await client.ping('req_unknown').expect(404);
    await first.close();

    const sameDatabase: Record<string, string> = first.config.DATABASE_URL
      ? { DATABASE_SCHEMA: first.config.DATABASE_SCHEMA as string }
      : { DATA_DIR: first.config.DATA_DIR, DATABASE_PATH: first.config.DATABASE_PATH };
    const second = await createTestApp({ env: sameDatabase });
    try {
      const records = await second.app
        .get(DataSource)
        .getRepository(UsageRecord)
        .findBy({ consumerId: tenant.consumerId });
      expect(records.flatMap((record) => Array(record.calls).fill(record.status)).sort()).toEqual([201, 201, 201, 404]);
    } finally {
      await second.close();
    }
  });
});
