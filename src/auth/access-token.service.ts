import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ServiceKeyService } from '../service-key/service-key.service';
import type { Principal } from './principal';

const TOKEN_TYPE = 'idflow-access+jwt';

export interface AccessGrant {
  token: string;
  /** Expiry, Unix seconds. */
  exp: number;
}

/** The `x-access-token` of v1 routes and legacy polling: a JWT bound to consumer, app, environment and app secret. */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly serviceKey: ServiceKeyService,
    private readonly config: AppConfig,
  ) {}

  async issue(principal: Principal): Promise<AccessGrant> {
    // One expiry for the token and the answer: computing it twice could straddle a second.
    const exp = Math.floor(Date.now() / 1000) + this.config.ACCESS_TOKEN_TTL_SECONDS;
    const token = await this.serviceKey.sign(
      {
        sub: principal.consumer.id,
        app: principal.app.id,
        env: principal.app.environment,
        sv: principal.app.secretRotatedAt,
        exp,
      },
      { issuer: this.config.BASE_URL, type: TOKEN_TYPE },
    );
    return { token, exp };
  }

  /**
   * True when the token is ours, unexpired, and was issued to this very app in this environment with its current secret:
   * `sv` names the secret's version (when it was set), so rotating the secret ends every token it obtained.
   */
  async isValidFor(token: string, principal: Principal): Promise<boolean> {
    const payload = await this.serviceKey.verify(token, { issuer: this.config.BASE_URL, type: TOKEN_TYPE });
    return (
      payload?.sub === principal.consumer.id &&
      payload.app === principal.app.id &&
      payload.env === principal.app.environment &&
      payload.sv === principal.app.secretRotatedAt
    );
  }
}
