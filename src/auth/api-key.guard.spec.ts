import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import type { TenantsService } from '../tenants/tenants.service';
import { ApiKeyGuard } from './api-key.guard';

describe('ApiKeyGuard', () => {
  const holder = fakePrincipal({ appId: 'app_holder' });
  let findKeyHolder: jest.Mock;
  let knownKeyHolder: jest.Mock;
  let guard: ApiKeyGuard;
  // As Nest's guards consumer does: an answer or a promise of one, a throw or a rejection alike.
  const activate = async (request: ReturnType<typeof fakeRequest>) => guard.canActivate(httpContext(request));

  beforeEach(() => {
    findKeyHolder = jest.fn();
    knownKeyHolder = jest.fn().mockReturnValue(undefined);
    guard = new ApiKeyGuard({ findKeyHolder, knownKeyHolder, keyUsed: () => undefined } as unknown as TenantsService);
  });

  it('lets a known key through and puts its holder on the request', async () => {
    findKeyHolder.mockResolvedValue(holder);
    const request = fakeRequest({ 'x-api-key': '  bk-test_known  ' });
    await expect(activate(request)).resolves.toBe(true);
    expect(findKeyHolder).toHaveBeenCalledWith('bk-test_known');
    expect(request.principal).toBe(holder);
  });

  it.each([
    ['absent', {}],
    ['blank', { 'x-api-key': '   ' }],
  ])('refuses a request whose key is %s without looking anything up', async (_label, headers) => {
    const request = fakeRequest(headers);
    const attempt = activate(request);
    await expect(attempt).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(attempt).rejects.toMatchObject({ status: 401, reason: 'The x-api-key header is required' });
    expect(findKeyHolder).not.toHaveBeenCalled();
    expect(knownKeyHolder).not.toHaveBeenCalled();
    expect(request.principal).toBeUndefined();
  });

  it('says so when the key was revoked', async () => {
    findKeyHolder.mockResolvedValue('revoked');
    const request = fakeRequest({ 'x-api-key': 'bk-test_revoked' });
    await expect(activate(request)).rejects.toMatchObject({
      status: 401,
      reason: 'The x-api-key has been revoked',
    });
    expect(request.principal).toBeUndefined();
  });

  it('refuses an unknown key', async () => {
    findKeyHolder.mockResolvedValue(null);
    await expect(activate(fakeRequest({ 'x-api-key': 'bk-live_unknown' }))).rejects.toMatchObject({
      status: 401,
      reason: 'The x-api-key is not valid',
    });
  });

  it('reads the first value of a repeated header', async () => {
    findKeyHolder.mockResolvedValue(holder);
    await activate(fakeRequest({ 'x-api-key': ['bk-test_first', 'bk-test_second'] }));
    expect(findKeyHolder).toHaveBeenCalledWith('bk-test_first');
  });

  it('answers in the same turn for a key the cache holds, leaving Nest no promise to wait on', () => {
    knownKeyHolder.mockReturnValue(holder);
    const request = fakeRequest({ 'x-api-key': 'bk-test_cached' });
    expect(guard.canActivate(httpContext(request))).toBe(true);
    expect(knownKeyHolder).toHaveBeenCalledWith('bk-test_cached');
    expect(findKeyHolder).not.toHaveBeenCalled();
    expect(request.principal).toBe(holder);
  });

  it.each([
    ['revoked', 'The x-api-key has been revoked'],
    [null, 'The x-api-key is not valid'],
  ])('refuses a cached %s key as it refuses one looked up', async (known, reason) => {
    knownKeyHolder.mockReturnValue(known);
    await expect(activate(fakeRequest({ 'x-api-key': 'bk-test_cached' }))).rejects.toMatchObject({
      status: 401,
      reason,
    });
    expect(findKeyHolder).not.toHaveBeenCalled();
  });
});
