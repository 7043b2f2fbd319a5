import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { fakePrincipal } from '../../test/support/http-execution-context';
import type { KeyHolder } from '../tenants/key-holder';
import type { TenantsService } from '../tenants/tenants.service';
import { FLUSH_AT_ROWS, UsageMeter } from './usage.meter';
import type { NewUsageRecord, UsageService } from './usage.service';

const KNOWN_KEY = 'bk-test_known';
const REVOKED_KEY = 'bk-test_revoked';

describe('UsageMeter', () => {
  let written: NewUsageRecord[][];
  let failWrites: boolean;
  let meter: UsageMeter;
  const owner = fakePrincipal();
  const revokedOwner = { ...owner, key: { ...owner.key, id: 'key_revoked', revokedAt: 1 } } as KeyHolder;

  beforeEach(() => {
    written = [];
    failWrites = false;
    const usage = {
      append: async (records: NewUsageRecord[]) => {
        if (failWrites) throw new Error('database down');
        written.push(records);
      },
    } as unknown as UsageService;
    const tenants = {
      findKeyOwner: async (apiKey: string) => ({ [KNOWN_KEY]: owner, [REVOKED_KEY]: revokedOwner })[apiKey] ?? null,
    } as unknown as TenantsService;
    meter = new UsageMeter(usage, tenants);
  });

  /** A request through the middleware, answered with `status`. */
  function answer(status: number, request: Partial<Request> = {}): void {
    const response = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as Response;
    const fullRequest = { method: 'GET', headers: {}, ...request } as Request;
    meter.middleware()(fullRequest, response, () => undefined);
    response.emit('finish');
  }
  const withKey = (apiKey: string, extra: Partial<Request> = {}): Partial<Request> => ({
    headers: { 'x-api-key': apiKey },
    ...extra,
  });
  const allWritten = () => written.flat();

  it('records answers below 500 that carry the key of a known app, revoked keys included', async () => {
    answer(
      201,
      withKey(KNOWN_KEY, {
        principal: owner,
        method: 'POST',
        meteredRoute: { route: 'POST /x', category: 'authentication' },
        billing: { category: 'authentication', cost: 50 },
      }),
    );
    answer(429, withKey(KNOWN_KEY, { meteredRoute: { route: 'GET /api/health/check', category: null } }));
    answer(401, withKey(REVOKED_KEY));
    answer(404, withKey(KNOWN_KEY, { method: 'DELETE' }));
    await meter.flush();
    expect(allWritten()).toEqual([
      expect.objectContaining({
        route: 'POST /x',
        category: 'authentication',
        status: 201,
        cost: 50,
        keyId: 'key_test',
      }),
      expect.objectContaining({ route: 'GET /api/health/check', category: null, status: 429, cost: 0 }),
      expect.objectContaining({ route: 'GET (not routed)', status: 401, keyId: 'key_revoked', appId: 'app_test' }),
      expect.objectContaining({
        route: 'DELETE (not routed)',
        status: 404,
        consumerId: 'bcn_test',
        environment: 'sandbox',
      }),
    ]);
  });

  it('records nothing for 5xx answers, keyless requests and unknown keys', async () => {
    answer(500, withKey(KNOWN_KEY, { principal: owner }));
    answer(503, withKey(KNOWN_KEY));
    answer(200);
    answer(401, withKey('bk-test_unknown'));
    await meter.flush();
    expect(allWritten()).toEqual([]);
  });

  it('counts the calls of one key, route and status as one row, their costs added', async () => {
    const create = { method: 'POST', meteredRoute: { route: 'POST /x', category: 'authentication' as const } };
    answer(201, withKey(KNOWN_KEY, { principal: owner, ...create, billing: { category: 'authentication', cost: 50 } }));
    answer(201, withKey(KNOWN_KEY, { principal: owner, ...create, billing: { category: 'authentication', cost: 0 } }));
    answer(201, withKey(KNOWN_KEY, { principal: owner, ...create, billing: { category: 'authentication', cost: 50 } }));
    answer(400, withKey(KNOWN_KEY, { principal: owner, ...create }));
    answer(201, withKey(REVOKED_KEY, { principal: revokedOwner, ...create }));
    await meter.flush();
    expect(allWritten()).toEqual([
      expect.objectContaining({ route: 'POST /x', status: 201, keyId: 'key_test', calls: 3, cost: 100 }),
      expect.objectContaining({ route: 'POST /x', status: 400, keyId: 'key_test', calls: 1, cost: 0 }),
      expect.objectContaining({ route: 'POST /x', status: 201, keyId: 'key_revoked', calls: 1, cost: 0 }),
    ]);
  });

  it('writes off the request path: nothing before a flush, unless a batch of rows fills', async () => {
    const call = (route: number) =>
      withKey(KNOWN_KEY, { principal: owner, meteredRoute: { route: `GET /r${route}`, category: null } });
    answer(200, call(0));
    answer(200, call(0));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([]);
    for (let route = 1; route < FLUSH_AT_ROWS; route++) answer(200, call(route));
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.map((batch) => batch.length)).toEqual([FLUSH_AT_ROWS]);
    expect(written[0][0]).toMatchObject({ route: 'GET /r0', calls: 2 });
  });

  it('keeps records whose write failed and writes them with the next flush', async () => {
    failWrites = true;
    answer(200, withKey(KNOWN_KEY, { principal: owner }));
    await meter.flush();
    expect(written).toEqual([]);
    answer(200, withKey(KNOWN_KEY, { principal: owner }));
    await meter.flush();
    expect(written).toEqual([]);
    failWrites = false;
    answer(204, withKey(KNOWN_KEY, { principal: owner }));
    answer(200, withKey(KNOWN_KEY, { principal: owner }));
    await meter.flush();
    expect(allWritten().map(({ status, calls }) => ({ status, calls }))).toEqual([
      { status: 200, calls: 3 },
      { status: 204, calls: 1 },
    ]);
  });

  it('writes everything on shutdown, and each call answered after that at once', async () => {
    answer(200, withKey(KNOWN_KEY, { principal: owner }));
    await meter.beforeApplicationShutdown();
    expect(allWritten()).toHaveLength(1);
    answer(201, withKey(KNOWN_KEY, { principal: owner }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(allWritten()).toHaveLength(2);
  });
});
