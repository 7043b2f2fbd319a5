import { Injectable } from '@nestjs/common';
import { sha256Hex } from '../common/crypto/digest';
import { randomBase62 } from '../common/ids/random-id';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import { LoginUsedError } from './errors/login-used.error';
import type { Operator } from './operator.entity';
import { OperatorSessionsRepository } from './operator-sessions.repository';
import { OperatorsRepository } from './operators.repository';

/** How long a session lasts: a working day, after which the operator signs in again. */
export const OPERATOR_SESSION_MS = 8 * 60 * 60 * 1000;

/** Every session token starts so, which tells it apart from ADMIN_TOKEN in the same header. */
export const SESSION_TOKEN_PREFIX = 'ops_';

/** A session just opened: its bearer token, shown once, and until when it lasts. */
export interface OpenedSession {
  token: string;
  expiresAt: number;
}

/** Operators' sessions: opened from a login, looked up by their bearer token, closed on sign-out. */
@Injectable()
export class OperatorSessionsService {
  constructor(
    private readonly sessions: OperatorSessionsRepository,
    private readonly operators: OperatorsRepository,
  ) {}

  /** Opens a session for the operator; `idToken` is the login it comes from, which opens one session only. */
  async open(operator: Operator, idToken: string): Promise<OpenedSession> {
    const now = Date.now();
    await this.sessions.deleteExpired(now);
    const token = `${SESSION_TOKEN_PREFIX}${randomBase62(40)}`;
    const expiresAt = now + OPERATOR_SESSION_MS;
    try {
      await this.sessions.insert({
        tokenDigest: sha256Hex(token),
        idTokenDigest: sha256Hex(idToken),
        operatorId: operator.id,
        expiresAt,
      });
    } catch (error) {
      throw isUniqueViolation(error) ? new LoginUsedError() : error;
    }
    return { token, expiresAt };
  }

  /** The operator a live session token belongs to, as they are now (a changed role counts at once); else null. */
  async operatorOf(token: string): Promise<Operator | null> {
    const session = await this.sessions.findLive(sha256Hex(token), Date.now());
    return session ? this.operators.findById(session.operatorId) : null;
  }

  async close(token: string): Promise<void> {
    await this.sessions.delete(sha256Hex(token));
  }
}
