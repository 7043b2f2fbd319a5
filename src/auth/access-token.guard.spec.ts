import { Reflector } from '@nestjs/core';
import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { AccessTokenGuard } from './access-token.guard';
import type { AccessTokenService } from './access-token.service';
import type { AuthOptions } from './auth-options';
import { Auth } from '../access/auth.decorator';

describe('AccessTokenGuard', () => {
  const principal = fakePrincipal();
  let isValidFor: jest.Mock;
  let guard: AccessTokenGuard;

  beforeEach(() => {
    isValidFor = jest.fn();
    guard = new AccessTokenGuard(new Reflector(), { isValidFor } as unknown as AccessTokenService);
  });

  // As Nest's guards consumer does: an answer or a promise of one, a throw or a rejection alike.
  const run = async (options: AuthOptions, headers: Record<string, string>) =>
    guard.canActivate(httpContext(fakeRequest(headers, principal), { handler: [Auth(options)] }));

  describe('on a route that requires the token (v1, legacy polling)', () => {
    const options: AuthOptions = { credentials: ['key', 'token'] };

    it('accepts a token the service says was issued to the key holder', async () => {
      isValidFor.mockResolvedValue(true);
      await expect(run(options, { 'x-access-token': 'eyJ.valid.token' })).resolves.toBe(true);
      expect(isValidFor).toHaveBeenCalledWith('eyJ.valid.token', principal);
    });

    it('refuses a missing token and says where to get one', async () => {
      const attempt = run(options, {});
      await expect(attempt).rejects.toMatchObject({ status: 401 });
      await expect(attempt).rejects.toMatchObject({
        reason: expect.stringContaining('x-access-token header is required'),
      });
      await expect(attempt).rejects.toMatchObject({ reason: expect.stringContaining('GET /api/v1/flow/authorize') });
      expect(isValidFor).not.toHaveBeenCalled();
    });

    it('refuses a token that is not valid for the key holder (foreign, expired, forged)', async () => {
      isValidFor.mockResolvedValue(false);
      await expect(run(options, { 'x-access-token': 'eyJ.other.token' })).rejects.toMatchObject({
        status: 401,
        reason: 'The x-access-token is not valid for the app of the x-api-key',
      });
    });
  });

  describe('on a route where the token is optional (v1 wildcard identification)', () => {
    const options: AuthOptions = { credentials: ['key'], optional: ['token'] };

    it('accepts its absence without checking anything', async () => {
      await expect(run(options, {})).resolves.toBe(true);
      expect(isValidFor).not.toHaveBeenCalled();
    });

    it('checks it when sent', async () => {
      isValidFor.mockResolvedValue(false);
      await expect(run(options, { 'x-access-token': 'eyJ.bad' })).rejects.toMatchObject({ status: 401 });
    });
  });

  it('answers in the same turn where there is no token to check, leaving Nest no promise to wait on', () => {
    const context = httpContext(fakeRequest({}, principal), { handler: [Auth({ credentials: ['key', 'secret'] })] });
    expect(guard.canActivate(context)).toBe(true);
  });

  it('checks a token sent to a route that does not use tokens, and refuses one not issued to the key holder', async () => {
    isValidFor.mockResolvedValue(false);
    await expect(run({ credentials: ['key', 'secret'] }, { 'x-access-token': 'eyJ.foreign' })).rejects.toMatchObject({
      status: 401,
      reason: 'The x-access-token is not valid for the app of the x-api-key',
    });
    expect(isValidFor).toHaveBeenCalledWith('eyJ.foreign', principal);
  });
});
