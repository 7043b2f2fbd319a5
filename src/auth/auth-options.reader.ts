import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { routeMetadata } from '../common/routing/route-metadata';
import { AUTH_OPTIONS, AuthOptions } from './auth-options';
import type { Credential } from './credential';
import type { Principal } from './principal';

export type CredentialNeed = 'required' | 'optional' | 'unused';

export function authOptionsOf(reflector: Reflector, context: ExecutionContext): AuthOptions {
  const options = routeMetadata<AuthOptions>(reflector, AUTH_OPTIONS, context);
  if (!options) throw new Error('An @Auth guard ran on a route without @Auth options');
  return options;
}

export function credentialNeed(options: AuthOptions, credential: Credential): CredentialNeed {
  if (options.credentials.includes(credential)) return 'required';
  return options.optional?.includes(credential) ? 'optional' : 'unused';
}

/** The principal the API-key guard, which always runs first, attached to the request. */
export function principalOf(request: Request): Principal {
  if (!request.principal) throw new Error('Credential guard ran before the API-key guard');
  return request.principal;
}
