import { runCli } from '../support/operator-cli';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

/** The operators of a deployment, their roles, and the audit log of every change made through the admin API or CLI. */
describe('operators and the audit log', () => {
  let t: TestApp;
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  const entries = async (after?: string, limit?: number) =>
    (await admin().get('/admin/audit').query({ after, limit }).expect(200)).body.data.entries as Array<{
      id: string;
      actor: string;
      action: string;
      target: Record<string, string>;
      status: number;
    }>;
  const everyEntry = () => entries(undefined, 500);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names operators, keeps one owner at least, and audits each change with its status', async () => {
    const owner = (
      await admin()
        .post('/admin/operators')
        .send({ nin: '40000000001', name: 'Kari Nordmann', role: 'owner' })
        .expect(201)
    ).body.data;
    expect(owner).toEqual({
      id: expect.stringMatching(/^op_/),
      nin: '40000000001',
      name: 'Kari Nordmann',
      role: 'owner',
      createdAt: expect.any(Number),
    });
    const twice = await admin()
      .post('/admin/operators')
      .send({ nin: '40000000001', name: 'Kari again', role: 'viewer' })
      .expect(409);
    expect(twice.body.reason).toBe(`This person is already operator ${owner.id}; change their role instead`);

    const lastOwner = await admin().patch(`/admin/operators/${owner.id}`).send({ role: 'viewer' }).expect(409);
    expect(lastOwner.body.reason).toBe('This is the last owner: name another owner first');
    await admin().delete(`/admin/operators/${owner.id}`).expect(409);

    const second = (
      await admin()
        .post('/admin/operators')
        .send({ nin: '40000000002', name: 'Ola Nordmann', role: 'owner' })
        .expect(201)
    ).body.data;
    const demoted = await admin().patch(`/admin/operators/${owner.id}`).send({ role: 'viewer' }).expect(200);
    expect(demoted.body.data.role).toBe('viewer');
    await admin().delete(`/admin/operators/${owner.id}`).expect(200);
    await admin().delete(`/admin/operators/${owner.id}`).expect(404);

    const listed = (await admin().get('/admin/operators').expect(200)).body.data.operators;
    expect(listed.map((operator: { id: string }) => operator.id)).toContain(second.id);
    expect(listed.map((operator: { id: string }) => operator.id)).not.toContain(owner.id);

    const mine = (await everyEntry()).filter(
      (entry) => [undefined, owner.id].includes(entry.target.operatorId) && entry.action.includes('/admin/operators'),
    );
    expect(mine.map(({ actor, action, target, status }) => ({ actor, action, target, status }))).toEqual([
      { actor: 'admin-token', action: 'POST /admin/operators', target: {}, status: 201 },
      { actor: 'admin-token', action: 'POST /admin/operators', target: {}, status: 409 },
      {
        actor: 'admin-token',
        action: 'PATCH /admin/operators/:operatorId',
        target: { operatorId: owner.id },
        status: 409,
      },
      {
        actor: 'admin-token',
        action: 'DELETE /admin/operators/:operatorId',
        target: { operatorId: owner.id },
        status: 409,
      },
      { actor: 'admin-token', action: 'POST /admin/operators', target: {}, status: 201 },
      {
        actor: 'admin-token',
        action: 'PATCH /admin/operators/:operatorId',
        target: { operatorId: owner.id },
        status: 200,
      },
      {
        actor: 'admin-token',
        action: 'DELETE /admin/operators/:operatorId',
        target: { operatorId: owner.id },
        status: 200,
      },
      {
        actor: 'admin-token',
        action: 'DELETE /admin/operators/:operatorId',
        target: { operatorId: owner.id },
        status: 404,
      },
    ]);
  });

  it('refuses a role that does not exist, and records the refusal without the body', async () => {
    const refused = await admin()
      .post('/admin/operators')
      .send({ nin: '40000000003', name: 'Nils', role: 'root' })
      .expect(400);
    expect(JSON.stringify(refused.body)).toContain('role must be one of the following values: owner, operator, viewer');
    const last = (await everyEntry()).at(-1);
    expect(last).toMatchObject({ action: 'POST /admin/operators', target: {}, status: 400 });
    expect(JSON.stringify(last)).not.toContain('40000000003');
  });

  it('records a change to another resource with the ids it named, and never a read', async () => {
    const before = (await everyEntry()).length;
    await admin().get('/admin/operators').expect(200);
    await admin().post('/admin/keys/key_doesNotExist000000000000/revoke').expect(404);
    const after = await everyEntry();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      action: 'POST /admin/keys/:keyId/revoke',
      target: { keyId: 'key_doesNotExist000000000000' },
      status: 404,
    });
  });

  it('pages with after and limit, and exports the same entries as JSON lines', async () => {
    const all = await everyEntry();
    expect(all.length).toBeGreaterThan(3);
    const firstTwo = await entries(undefined, 2);
    expect(firstTwo).toEqual(all.slice(0, 2));
    expect(await entries(firstTwo[1].id, 2)).toEqual(all.slice(2, 4));
    await admin().get('/admin/audit').query({ limit: 501 }).expect(400);
    await admin().get('/admin/audit').query({ after: 'nope' }).expect(400);

    // Newest first, as the console reads it: each page names where the next one starts, and the last names none.
    const page = async (query: Record<string, string | number>) =>
      (await admin().get('/admin/audit').query(query).expect(200)).body.data as {
        entries: typeof all;
        next: string | null;
      };
    const latest = await page({ order: 'newest', limit: 2 });
    expect(latest).toEqual({ entries: all.slice(-2).reverse(), next: all.at(-2)?.id });
    const older = await page({ order: 'newest', limit: 2, after: latest.next as string });
    expect(older.entries).toEqual(all.slice(-4, -2).reverse());
    const oldest = await page({ order: 'newest', limit: 500, after: all[2].id });
    expect(oldest).toEqual({ entries: all.slice(0, 2).reverse(), next: null });
    await expect(page({ limit: 2 })).resolves.toEqual({ entries: all.slice(0, 2), next: all[1].id });
    const sideways = await admin().get('/admin/audit').query({ order: 'sideways' }).expect(400);
    expect(sideways.body.errors).toEqual([expect.objectContaining({ message: 'order must be one of oldest, newest' })]);

    const exported = await admin().get('/admin/audit/export').expect(200);
    expect(exported.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = exported.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual(all);
    const rest = await admin().get('/admin/audit/export').query({ after: all[1].id }).expect(200);
    expect(
      rest.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(all.slice(2));
    await t.http().get('/admin/audit/export').expect(401);
  });

  it('names the first operator from the CLI, audits the CLI as its actor, and exports the log', async () => {
    const added = await runCli(t.config, [
      'operator:add',
      '--nin',
      '40000000009',
      '--name',
      'Eva CLI',
      '--role',
      'owner',
      '--json',
    ]);
    expect(added.code).toBe(0);
    const operator = JSON.parse(added.stdout);
    expect(operator).toMatchObject({ nin: '40000000009', role: 'owner' });

    const refused = await runCli(t.config, ['operator:role', '--operator', 'op_missing', '--role', 'viewer']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Operator does not exist');

    const listed = await runCli(t.config, ['operators:list']);
    expect(listed.stdout).toContain(`${operator.id}  Eva CLI (owner)`);

    const exported = await runCli(t.config, ['audit:export']);
    expect(exported.code).toBe(0);
    const cli = exported.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.actor === 'cli');
    expect(cli.map(({ action, target, status }) => ({ action, target, status }))).toEqual([
      { action: 'operator:add', target: { nin: '40000000009' }, status: 200 },
      { action: 'operator:role', target: { operatorId: 'op_missing' }, status: 404 },
    ]);
  });
});
