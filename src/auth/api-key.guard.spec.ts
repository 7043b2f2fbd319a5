import { fakePrincipal, fakeRequest, httpContext } from '../../test/support/http-execution-context';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import type { TenantsService } from '../tenants/tenants.service';
import { ApiKeyGuard } from './api-key.guard';

describe('ApiKeyGuard', () => {
  const holder = fakePrincipal({ appId: 'app_holder' });
  let findKeyHolder: jest.Mock;
  let guard: ApiKeyGuard;

  beforeEach(() => {
    findKeyHolder = jest.fn();
    guard = new ApiKeyGuard({ findKeyHolder } as unknown as TenantsService);
  });

  it('lets a known key through and puts its holder on the request', async () => {
    findKeyHolder.mockResolvedValue(holder);
    const request = fakeRequest({ 'x-api-key': '  bk-test_known  ' });
    await expect(guard.canActivate(httpContext(request))).resolves.toBe(true);
    expect(findKeyHolder).toHaveBeenCalledWith('bk-test_known');
    expect(request.principal).toBe(holder);
  });

  it.each([
    ['absent', {}],
    ['blank', { 'x-api-key': '   ' }],
  ])('refuses a request whose key is %s without looking anything up', async (_label, headers) => {
    const request = fakeRequest(headers);
    const attempt = guard.canActivate(httpContext(request));
    await expect(attempt).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(attempt).rejects.toMatchObject({ status: 401, reason: 'The x-api-key header is required' });
    expect(findKeyHolder).not.toHaveBeenCalled();
    expect(request.principal).toBeUndefined();
  });

  it('says so when the key was revoked', async () => {
    findKeyHolder.mockResolvedValue('revoked');
    const request = fakeRequest({ 'x-api-key': 'bk-test_revoked' });
    await expect(guard.canActivate(httpContext(request))).rejects.toMatchObject({
      status: 401,
      reason: 'The x-api-key has been revoked',
    });
    expect(request.principal).toBeUndefined();
  });

  it('refuses an unknown key', async () => {
    findKeyHolder.mockResolvedValue(null);
    await expect(guard.canActivate(httpContext(fakeRequest({ 'x-api-key': 'bk-live_unknown' })))).rejects.toMatchObject(
      {
        status: 401,
        reason: 'The x-api-key is not valid',
      },
    );
  });

  it('reads the first value of a repeated header', async () => {
    findKeyHolder.mockResolvedValue(holder);
    await guard.canActivate(httpContext(fakeRequest({ 'x-api-key': ['bk-test_first', 'bk-test_second'] })));
    expect(findKeyHolder).toHaveBeenCalledWith('bk-test_first');
  });
});
