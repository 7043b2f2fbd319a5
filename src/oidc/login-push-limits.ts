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
 * Caps the pushes of logins to a NIN. A login page, which anyone with an app's client_id may open and have push to any
 * NIN, sends at most OIDC_PUSHES_PER_LOGIN, and all pages together send one NIN at most OIDC_PUSHES_PER_NIN per
 * OIDC_PUSH_WINDOW_SECONDS. An app's CIBA logins, which it authenticates for, are counted apart: each app may send
 * one NIN as many again in the same window, so anonymous pages cannot spend an app's CIBA logins of that person, nor
 * one app another's. They are counted in the rate limiter's counters (Redis when scaled out), so the caps hold across
 * instances; when those cannot be reached a push is refused with 503, never sent uncounted. A NIN is counted under
 * its pseudonym, so the counters hold no personal data.
 */
@Injectable()
export class LoginPushLimits {
  constructor(
    @InjectThrottlerStorage() private readonly counters: ThrottlerStorage,
    private readonly config: AppConfig,
    private readonly serviceKey: ServiceKeyService,
  ) {}

  /** Counts a push of the login page `uid`, open `pageSeconds` in all, to `nin`; refuses it past either cap. */
  async countPagePush(uid: string, pageSeconds: number, environment: Environment, nin: string): Promise<void> {
    await this.count(uid, pageSeconds, `page:${this.pseudonymOf(environment, nin)}`);
  }

  /** Counts the push of the CIBA login `authReqId` of `appId` to `nin`; refuses it past the app's cap for that NIN. */
  async countCibaPush(authReqId: string, ttlSeconds: number, appId: string, nin: string): Promise<void> {
    // An app is of one environment: its id alone keeps production and sandbox NINs apart.
    await this.count(authReqId, ttlSeconds, `ciba:${appId}:${this.pseudonymOf(appId, nin)}`);
  }

  private async count(login: string, loginSeconds: number, ninSubject: string): Promise<void> {
    await this.take(
      `login:${sha256Hex(login)}`,
      this.config.OIDC_PUSHES_PER_LOGIN,
      loginSeconds,
      'This login has been sent to an app as often as it may be; scan the QR code instead',
    );
    await this.take(
      `nin:${ninSubject}`,
      this.config.OIDC_PUSHES_PER_NIN,
      this.config.OIDC_PUSH_WINDOW_SECONDS,
      'This NIN has been sent too many logins lately; scan the QR code instead, or try again later',
    );
  }

  private pseudonymOf(scope: string, nin: string): string {
    return this.serviceKey.pseudonym(`${COUNTER}:${scope}`, nin);
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
