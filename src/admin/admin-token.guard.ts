import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { UnauthenticatedError } from '../common/errors/unauthenticated.error';
import { BearerToken } from '../common/http/bearer-token';
import { headerValue } from '../common/http/header-value';
import { AppConfig } from '../config/app-config';
import { OPERATOR_ROLES, type OperatorRole } from '../operators/operator-role';
import { OperatorSessionsService, SESSION_TOKEN_PREFIX } from '../operators/operator-sessions.service';
import { AdminActors } from './admin-actors';
import { AdminChanges, isChange } from './admin-changes';
import { ADMIN_WRITE_ROLE } from './admin-write-role';

/** A role covers those after it in OPERATOR_ROLES: an owner may do what an operator may, and so on. */
const covers = (held: OperatorRole, needed: OperatorRole) =>
  OPERATOR_ROLES.indexOf(held) <= OPERATOR_ROLES.indexOf(needed);

/**
 * The admin API answers `Authorization: Bearer <ADMIN_TOKEN>` (automation, everything), or an operator's session
 * token (`ops_...`, from `POST /admin/session`) within their role: every operator reads; changes need the route's
 * role (`operator` unless it says `owner`). Without ADMIN_TOKEN, only operators' sessions are answered.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly token: BearerToken | undefined;

  constructor(
    config: AppConfig,
    private readonly sessions: OperatorSessionsService,
    private readonly actors: AdminActors,
    private readonly changes: AdminChanges,
    private readonly reflector: Reflector,
  ) {
    this.token = config.ADMIN_TOKEN ? new BearerToken(config.ADMIN_TOKEN) : undefined;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    http.getResponse<Response>().setHeader('www-authenticate', 'Bearer realm="idflow-admin"');
    const presented = BearerToken.presentedIn(headerValue(request, 'authorization'));
    if (presented?.startsWith(SESSION_TOKEN_PREFIX)) {
      const operator = await this.sessions.operatorOf(presented);
      if (!operator) throw new UnauthenticatedError('The session has ended; sign in again');
      this.actors.note(request, operator.id);
      const needed = this.writeRole(context);
      if (isChange(request) && !covers(operator.role, needed)) {
        // Refused before the audit interceptor runs, so recorded here: an attempt beyond one's role is worth seeing.
        await this.changes.record(request, 403);
        throw new ForbiddenError(`This change needs the ${needed} role; ${operator.name} is ${operator.role}`);
      }
      return true;
    }
    if (!this.token) throw new UnauthenticatedError('The admin API is disabled until ADMIN_TOKEN is set');
    if (!presented) throw new UnauthenticatedError('The Authorization header must be Bearer <ADMIN_TOKEN>');
    if (!this.token.matches(presented)) throw new UnauthenticatedError('The admin token is not valid');
    return true;
  }

  private writeRole(context: ExecutionContext): OperatorRole {
    const targets = [context.getHandler(), context.getClass()];
    return this.reflector.getAllAndOverride<OperatorRole | undefined>(ADMIN_WRITE_ROLE, targets) ?? 'operator';
  }
}
