import type { ThrottlerStorage } from '@nestjs/throttler';
import { ServiceUnavailableError } from '../common/errors/service-unavailable.error';
import { FixedWindowThrottlerStorage } from '../common/throttling/fixed-window.throttler-storage';
import type { AppConfig } from '../config/app-config';
import type { ServiceKeyService } from '../service-key/service-key.service';
import { TooManyLoginPushesError } from './errors/too-many-login-pushes.error';
import { LoginPushLimits } from './login-push-limits';

describe('LoginPushLimits', () => {
  const config = { OIDC_PUSHES_PER_LOGIN: 2, OIDC_PUSHES_PER_NIN: 3, OIDC_PUSH_WINDOW_SECONDS: 600 } as AppConfig;
  const serviceKey = { pseudonym: (scope: string, value: string) => `${scope}/${value}` } as ServiceKeyService;
  const limitsOn = (counters: ThrottlerStorage) => new LoginPushLimits(counters, config, serviceKey);

  it('lets a page push OIDC_PUSHES_PER_LOGIN times, then refuses with the time to wait', async () => {
    const limits = limitsOn(new FixedWindowThrottlerStorage());
    await limits.countPagePush('page-1', 600, 'production', '20000000001');
    await limits.countPagePush('page-1', 600, 'production', '20000000002');
    const refused = limits.countPagePush('page-1', 600, 'production', '20000000003');
    await expect(refused).rejects.toBeInstanceOf(TooManyLoginPushesError);
    await expect(refused).rejects.toMatchObject({ status: 429, headers: { 'retry-after': '600' } });
  });

  it('lets a NIN get OIDC_PUSHES_PER_NIN pushes from any pages, in each environment apart', async () => {
    const limits = limitsOn(new FixedWindowThrottlerStorage());
    for (const page of ['a', 'b', 'c']) await limits.countPagePush(page, 600, 'production', '20000000001');
    await expect(limits.countPagePush('d', 600, 'production', '20000000001')).rejects.toMatchObject({
      reason: expect.stringContaining('This NIN'),
    });
    await expect(limits.countPagePush('e', 600, 'sandbox', '20000000001')).resolves.toBeUndefined();
  });

  it("counts each app's CIBA pushes to a NIN apart from the pages' and from other apps'", async () => {
    const limits = limitsOn(new FixedWindowThrottlerStorage());
    for (const page of ['a', 'b', 'c']) await limits.countPagePush(page, 600, 'production', '20000000001');
    for (const login of ['r1', 'r2', 'r3']) await limits.countCibaPush(login, 300, 'app_one', '20000000001');
    await expect(limits.countCibaPush('r4', 300, 'app_one', '20000000001')).rejects.toBeInstanceOf(
      TooManyLoginPushesError,
    );
    await expect(limits.countCibaPush('r5', 300, 'app_two', '20000000001')).resolves.toBeUndefined();
  });

  it('refuses a push with 503 when the counters cannot be reached, rather than send it uncounted', async () => {
    const unreachable = { increment: () => Promise.reject(new Error('ECONNREFUSED')) } as ThrottlerStorage;
    await expect(limitsOn(unreachable).countPagePush('page', 600, 'production', '20000000001')).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});
