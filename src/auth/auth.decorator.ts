import { SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorators';
import { AccessTokenGuard } from './access-token.guard';
import { ApiKeyGuard } from './api-key.guard';
import { AppSecretGuard } from './app-secret.guard';
import { AUTH_OPTIONS, AuthOptions } from './auth-options';
import { credentialNeed } from './auth-options.reader';
import { CREDENTIAL_HEADERS, Credential } from './credential';
import { DeclareAccess } from './declared-access';
import { ScopeGuard } from './scope.guard';

const HEADER_DESCRIPTIONS: Record<Credential, string> = {
  key: 'API key of the app: `bk-test_...` (sandbox) or `bk-live_...` (production)',
  secret: 'App secret, `snb_...`',
  token: 'Access token from GET /api/v1/flow/authorize',
};

/**
 * Declares an integrator route: its credentials, scope and billing category. Applies the credential guards in order
 * (key first, it identifies the app) and documents the headers and failure answers in OpenAPI.
 */
export function Auth(options: AuthOptions) {
  const headers = (Object.keys(CREDENTIAL_HEADERS) as Credential[])
    .filter((credential) => credentialNeed(options, credential) !== 'unused')
    .map((credential) =>
      ApiHeader({
        name: CREDENTIAL_HEADERS[credential],
        required: credentialNeed(options, credential) === 'required',
        description: HEADER_DESCRIPTIONS[credential],
      }),
    );
  return applyDecorators(
    DeclareAccess('integrator'),
    SetMetadata(AUTH_OPTIONS, options),
    UseGuards(ApiKeyGuard, AppSecretGuard, AccessTokenGuard, ScopeGuard),
    ...headers,
    ApiFailure(401, 'A credential is missing, unknown, revoked or issued to another app', 'The x-api-key is not valid'),
    ...(options.scope
      ? [ApiFailure(403, `The app is not provisioned for ${options.scope}`, `This app is not provisioned for the ${options.scope} scope; contact support to enable it`)]
      : []),
    ApiRateLimited(),
  );
}
