import { SetMetadata, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { BillingGuard } from '../billing/billing.guard';
import { ChargeRefundInterceptor } from '../billing/charge-refund.interceptor';
import { InsufficientBalanceError } from '../billing/errors/insufficient-balance.error';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorators';
import { AccessTokenGuard } from './access-token.guard';
import { ApiKeyGuard } from './api-key.guard';
import { AppSecretGuard } from './app-secret.guard';
import { AUTH_OPTIONS, AuthOptions } from './auth-options';
import { credentialNeed } from './auth-options.reader';
import { CREDENTIAL_HEADERS, Credential } from './credential';
import { DeclareAccess } from '../common/route-access/declared-access';
import { ScopeGuard } from './scope.guard';

const HEADER_DESCRIPTIONS: Record<Credential, string> = {
  key: 'API key of the app: `bk-test_...` (sandbox) or `bk-live_...` (production)',
  secret: 'App secret, `snb_...`',
  token: 'Access token from GET /api/v1/flow/authorize',
};

/**
 * Declares an integrator route: its credentials, scope and billing category. Applies the credential guards in order
 * (key first, it identifies the app), then on billable routes the billing pre-check and its refund on failure, and
 * documents the headers and failure answers in OpenAPI.
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
    UseGuards(ApiKeyGuard, AppSecretGuard, AccessTokenGuard, ScopeGuard, ...(options.billing ? [BillingGuard] : [])),
    ...(options.billing ? [UseInterceptors(ChargeRefundInterceptor)] : []),
    ...headers,
    ApiFailure(401, 'A credential is missing, unknown, revoked or issued to another app', 'The x-api-key is not valid'),
    ...(options.scope
      ? [
          ApiFailure(
            403,
            `The app is not provisioned for ${options.scope}`,
            `This app is not provisioned for the ${options.scope} scope; contact support to enable it`,
          ),
        ]
      : []),
    ...(options.billing
      ? [
          ApiFailure(
            402,
            "Live key: this month's free allowance is used up and the prepaid balance does not cover the price",
            // Shown with the default prices; the real ones are configuration.
            new InsufficientBalanceError(options.billing, options.billing === 'authentication' ? 50 : 100).reason,
          ),
        ]
      : []),
    ApiRateLimited(),
  );
}
