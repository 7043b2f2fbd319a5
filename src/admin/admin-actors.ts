import { Injectable } from '@nestjs/common';
import type { Request } from 'express';

/** The actor of a change made with the admin bearer token. */
export const ADMIN_TOKEN_ACTOR = 'admin-token';

/**
 * Who made each admin request: the guard notes it, the audit interceptor reads it. Kept beside the request rather than
 * on it, so that no field is added to Express's Request.
 */
@Injectable()
export class AdminActors {
  private readonly actors = new WeakMap<Request, string>();

  note(request: Request, actor: string): void {
    this.actors.set(request, actor);
  }

  of(request: Request): string {
    return this.actors.get(request) ?? ADMIN_TOKEN_ACTOR;
  }
}
