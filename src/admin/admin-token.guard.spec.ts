import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import type { AppConfig } from '../config/app-config';
import type { Operator } from '../operators/operator.entity';
import type { OperatorRole } from '../operators/operator-role';
import type { OperatorSessionsService } from '../operators/operator-sessions.service';
import { AdminActors } from './admin-actors';
import type { AdminChanges } from './admin-changes';
import { AdminTokenGuard } from './admin-token.guard';
import { AdminWriteRole } from './admin-write-role';

const TOKEN = 'admin-token-0123456789abcdef';
const SESSION = 'ops_session-token';

class Routes {}
const read = () => undefined;
const ownersOnly = () => undefined;
AdminWriteRole('owner')(ownersOnly);

function contextWith(authorization?: string, method = 'POST', handler: () => undefined = read) {
  const headers: Record<string, string> = {};
  const request = { method, headers: authorization === undefined ? {} : { authorization } };
  const response = { setHeader: (name: string, value: string) => (headers[name] = value) };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
    getHandler: () => handler,
    getClass: () => Routes,
  } as unknown as ExecutionContext;
  return { context, headers, request };
}

function guardFor(adminToken: string | undefined, role?: OperatorRole) {
  const operator = role && ({ id: 'op_1', name: 'Kari', role } as Operator);
  const sessions = {
    operatorOf: (token: string) => Promise.resolve(token === SESSION ? operator : null),
  } as OperatorSessionsService;
  const actors = new AdminActors();
  const config = { ADMIN_TOKEN: adminToken } as AppConfig;
  const recorded: number[] = [];
  const changes = { record: (_request: unknown, status: number) => Promise.resolve(void recorded.push(status)) };
  const guard = new AdminTokenGuard(config, sessions, actors, changes as unknown as AdminChanges, new Reflector());
  return { guard, actors, recorded };
}

const guard = (adminToken?: string) => guardFor(adminToken).guard;

describe('AdminTokenGuard', () => {
  it('lets the configured bearer token through, whatever the scheme letter case', async () => {
    await expect(guard(TOKEN).canActivate(contextWith(`Bearer ${TOKEN}`).context)).resolves.toBe(true);
    await expect(guard(TOKEN).canActivate(contextWith(`bearer ${TOKEN}`).context)).resolves.toBe(true);
  });

  it.each([
    [undefined, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
    [TOKEN, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
    [`Basic ${TOKEN}`, 'The Authorization header must be Bearer <ADMIN_TOKEN>'],
    [`Bearer ${TOKEN}x`, 'The admin token is not valid'],
    [`Bearer ${TOKEN.slice(0, -1)}`, 'The admin token is not valid'],
    [`Bearer ${SESSION}`, 'The session has ended; sign in again'],
  ])('refuses Authorization %p', async (authorization, reason) => {
    const { context, headers } = contextWith(authorization);
    await expect(guard(TOKEN).canActivate(context)).rejects.toThrow(new UnauthenticatedError(reason));
    expect(headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('refuses everyone, the right token included, while ADMIN_TOKEN is unset', async () => {
    await expect(guard(undefined).canActivate(contextWith(`Bearer ${TOKEN}`).context)).rejects.toThrow(
      'The admin API is disabled until ADMIN_TOKEN is set',
    );
  });

  it("lets an operator's session read, and change within their role, noting them as the actor", async () => {
    const { guard: asOperator, actors } = guardFor(TOKEN, 'operator');
    const change = contextWith(`Bearer ${SESSION}`);
    await expect(asOperator.canActivate(change.context)).resolves.toBe(true);
    expect(actors.of(change.request as never)).toBe('op_1');
    await expect(asOperator.canActivate(contextWith(`Bearer ${SESSION}`, 'POST', ownersOnly).context)).rejects.toThrow(
      new ForbiddenError('This change needs the owner role; Kari is operator'),
    );
    await expect(asOperator.canActivate(contextWith(`Bearer ${SESSION}`, 'GET', ownersOnly).context)).resolves.toBe(
      true,
    );
  });

  it('lets a viewer read only, and refuses a session that has ended', async () => {
    const { guard: asViewer, recorded } = guardFor(undefined, 'viewer');
    await expect(asViewer.canActivate(contextWith(`Bearer ${SESSION}`, 'GET').context)).resolves.toBe(true);
    await expect(asViewer.canActivate(contextWith(`Bearer ${SESSION}`, 'DELETE').context)).rejects.toThrow(
      new ForbiddenError('This change needs the operator role; Kari is viewer'),
    );
    expect(recorded).toEqual([403]);
    await expect(asViewer.canActivate(contextWith('Bearer ops_ended').context)).rejects.toThrow(
      new UnauthenticatedError('The session has ended; sign in again'),
    );
  });
});
