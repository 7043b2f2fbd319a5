import { Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { OperatorAuditService } from '../operators/operator-audit.service';
import { AdminActors } from './admin-actors';

/** Reads change nothing: every operator may make them, and none is recorded. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isChange = (request: Request) => !READS.has(request.method);

/**
 * The audit log's entries for admin requests: the route, the ids it named, who made it and the status it got. The
 * body is never recorded: it may carry secrets.
 */
@Injectable()
export class AdminChanges {
  private readonly logger = new Logger(AdminChanges.name);

  constructor(
    private readonly audit: OperatorAuditService,
    private readonly actors: AdminActors,
  ) {}

  /** Records a change and how it was answered; a failure to record is logged, never the caller's. */
  async record(request: Request, status: number): Promise<void> {
    try {
      await this.audit.record({
        actor: this.actors.of(request),
        action: `${request.method} ${(request.route as { path: string }).path}`,
        target: namedIds(request.params),
        status,
      });
    } catch (error) {
      this.logger.error({ err: error }, 'An admin change could not be audited');
    }
  }
}

/** The route's parameters: the ids a change names. A wildcard's segments are joined back into its path. */
function namedIds(params: Request['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : value]),
  );
}
