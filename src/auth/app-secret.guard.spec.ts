import { Reflector } from '@nestjs/core';
import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { sha256Hex } from '../common/crypto/digest';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { TenantsService } from '../tenants/tenants.service';
import { AppSecretGuard } from './app-secret.guard';
import type { AuthOptions } from './auth-options';
import { Auth } from '../access/auth.decorator';

const SECRET = 'snb_0123456789abcdefghijABCDEFGHIJ0123456789';

describe('AppSecretGuard', () => {
  // The real comparison: the repositories, the key-holder cache and the sealer are absent; appSecretMatches uses none.
  const tenants = new TenantsService(
    undefined as never,
    undefined as never,
    undefined as never,
    undefined as never,
    undefined as never,
    new SealedColumns(undefined as never, undefined as never),
  );
  const guard = new AppSecretGuard(new Reflector(), tenants);
  const principal = fakePrincipal({ secretDigest: sha256Hex(SECRET) });

  const run = (options: AuthOptions, headers: Record<string, string>) =>
    Promise.resolve().then(() =>
      guard.canActivate(httpContext(fakeRequest(headers, principal), { handler: [Auth(options)] })),
    );

  describe('on a route that requires the secret', () => {
    const options: AuthOptions = { credentials: ['key', 'secret'] };

    it('accepts the secret of the key holder', async () => {
      await expect(run(options, { 'x-access-secret': SECRET })).resolves.toBe(true);
    });

    it('refuses a missing secret, naming the header', async () => {
      await expect(run(options, {})).rejects.toMatchObject({
        status: 401,
        reason: 'The x-access-secret header is required',
      });
    });

    it('refuses another secret', async () => {
      const attempt = run(options, { 'x-access-secret': `${SECRET.slice(0, -1)}X` });
      await expect(attempt).rejects.toBeInstanceOf(UnauthenticatedError);
      await expect(attempt).rejects.toMatchObject({
        reason: 'The x-access-secret does not match the app of the x-api-key',
      });
    });
  });

  describe('on a route where the secret is optional (SSE)', () => {
    const options: AuthOptions = { credentials: ['key'], optional: ['secret'] };

    it('accepts its absence', async () => {
      await expect(run(options, {})).resolves.toBe(true);
    });

    it('still checks it when sent', async () => {
      await expect(run(options, { 'x-access-secret': SECRET })).resolves.toBe(true);
      await expect(run(options, { 'x-access-secret': 'snb_wrong' })).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('on a route that takes the key alone', () => {
    const options: AuthOptions = { credentials: ['key'] };

    it('accepts its absence, and the secret of the key holder', async () => {
      await expect(run(options, {})).resolves.toBe(true);
      await expect(run(options, { 'x-access-secret': SECRET })).resolves.toBe(true);
    });

    it('refuses a secret that is sent and does not match', async () => {
      await expect(run(options, { 'x-access-secret': 'snb_wrong' })).rejects.toMatchObject({
        status: 401,
        reason: 'The x-access-secret does not match the app of the x-api-key',
      });
    });
  });

  it('fails loudly when it runs on a route without @Auth', () => {
    expect(() => guard.canActivate(httpContext(fakeRequest({ 'x-access-secret': SECRET }, principal)))).toThrow(
      'An @Auth guard ran on a route without @Auth options',
    );
  });

  it('fails loudly when the API-key guard has not run first', () => {
    const context = httpContext(fakeRequest({ 'x-access-secret': SECRET }), {
      handler: [Auth({ credentials: ['key', 'secret'] })],
    });
    expect(() => guard.canActivate(context)).toThrow('Credential guard ran before the API-key guard');
  });
});
