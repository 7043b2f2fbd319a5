import { Injectable } from '@nestjs/common';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { oidcIssuer } from '../common/http/oidc-issuer';
import { AppConfig } from '../config/app-config';
import { consoleClientId } from '../operators/console-client';
import type { Operator } from '../operators/operator.entity';
import { type OpenedSession, OperatorSessionsService } from '../operators/operator-sessions.service';
import { OperatorsService } from '../operators/operators.service';
import { ServiceKeyService } from '../service-key/service-key.service';

/** An ID token older than this is refused: a login is exchanged for a session as soon as it is made. */
const LOGIN_MAX_AGE = '5 minutes';

/** A session opened from a login, and the operator it is for. */
export interface SignedIn extends OpenedSession {
  operator: Operator;
}

/**
 * Signs an operator in with idflow itself: an ID token that idflow's own OpenID provider issued to the console's client
 * (CONSOLE_CLIENT_ID, else idflow's own console client) for a person named an operator becomes an operator's session. `sub` is the person's pseudonym
 * for that client, so the operator is the one whose NIN gives the same pseudonym.
 */
@Injectable()
export class OperatorSignInService {
  private readonly clientId: string;
  private readonly issuer: string;

  constructor(
    config: AppConfig,
    private readonly serviceKey: ServiceKeyService,
    private readonly operators: OperatorsService,
    private readonly sessions: OperatorSessionsService,
  ) {
    this.clientId = consoleClientId(config);
    this.issuer = oidcIssuer(config.BASE_URL);
  }

  async signIn(idToken: string): Promise<SignedIn> {
    const { sub } = await this.verified(idToken, this.clientId);
    const clientId = this.clientId;
    const operator = (await this.operators.list()).find(
      (candidate) => this.serviceKey.pseudonym(clientId, candidate.nin) === sub,
    );
    if (!operator) throw new ForbiddenError('This person is not an operator of this deployment');
    return { ...(await this.sessions.open(operator, idToken)), operator };
  }

  async signOut(sessionToken: string): Promise<void> {
    await this.sessions.close(sessionToken);
  }

  private async verified(idToken: string, clientId: string): Promise<JWTPayload & { sub: string }> {
    try {
      const { payload } = await jwtVerify(idToken, createLocalJWKSet(this.serviceKey.jwks()), {
        issuer: this.issuer,
        audience: clientId,
        maxTokenAge: LOGIN_MAX_AGE,
        requiredClaims: ['sub'],
      });
      return payload as JWTPayload & { sub: string };
    } catch {
      throw new UnauthenticatedError(
        `The ID token is not a fresh one from ${this.issuer} for the console's client ${clientId}`,
      );
    }
  }
}
