import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { sha256Hex } from '../common/crypto/digest';
import { ServiceUnavailableError } from '../common/errors/service-unavailable.error';
import { AppConfig } from '../config/app-config';
import { ServiceKeyService } from '../service-key/service-key.service';
import type { Environment } from '../tenants/environment';
import { TooManyLoginPushesError } from './errors/too-many-login-pushes.error';

const COUNTER = 'oidc-login-push';

/**
 * Caps the pushes of OpenID login pages, which anyone with an app's client_id may open and have push to any NIN: one
 * page sends at most OIDC_PUSHES_PER_LOGIN, and one NIN gets at most OIDC_PUSHES_PER_NIN per OIDC_PUSH_WINDOW_SECONDS.
 * They are counted in the rate limiter's counters (Redis when scaled out), so the caps hold across instances; when
 * those cannot be reached a push is refused with 503, never sent uncounted. A NIN is counted under its pseudonym, so
 * the counters hold no personal data.
 */
@Injectable()
export class LoginPushLimits {
  constructor(
    @InjectThrottlerStorage() private readonly counters: ThrottlerStorage,
    private readonly config: AppConfig,
    private readonly serviceKey: ServiceKeyService,
  ) {}

  /** Counts a push of the login page `uid`, open `pageSeconds` in all, to `nin`; refuses it past either cap. */
  async count(uid: string, pageSeconds: number, environment: Environment, nin: string): Promise<void> {
    await this.take(
      `login:${sha256Hex(uid)}`,
      this.config.OIDC_PUSHES_PER_LOGIN,
      pageSeconds,
      'This login has been sent to an app as often as it may be; scan the QR code instead',
    );
    await this.take(
      `nin:${this.serviceKey.pseudonym(`${COUNTER}:${environment}`, nin)}`,
      this.config.OIDC_PUSHES_PER_NIN,
      this.config.OIDC_PUSH_WINDOW_SECONDS,
      'This NIN has been sent too many logins lately; scan the QR code instead, or try again later',
    );
  }

  private async take(subject: string, limit: number, windowSeconds: number, refusal: string): Promise<void> {
    const windowMs = windowSeconds * 1000;
    const counted = await this.counters
      .increment(`idflow:${COUNTER}:${subject}`, windowMs, limit, windowMs, COUNTER)
      .catch(() => {
        throw new ServiceUnavailableError('The push limits are unavailable; try again shortly');
      });
    if (counted.isBlocked) throw new TooManyLoginPushesError(refusal, counted.timeToBlockExpire);
  }
}
