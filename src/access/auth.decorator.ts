import { SetMetadata, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiSecurity } from '@nestjs/swagger';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AppSecretGuard } from '../auth/app-secret.guard';
import { AUTH_OPTIONS, AuthOptions } from '../auth/auth-options';
import { credentialNeed } from '../auth/auth-options.reader';
import { CREDENTIAL_HEADERS, CREDENTIAL_SECURITY_SCHEMES, Credential } from '../auth/credential';
import { ScopeGuard } from '../auth/scope.guard';
import { BILLING_CATEGORY, type BillingCategory } from '../billing/billing-category';
import { BillingInterceptor } from '../billing/billing.interceptor';
import { InsufficientBalanceError } from '../billing/errors/insufficient-balance.error';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { IdempotencyKeyInUseError } from '../idempotency/errors/idempotency-key-in-use.error';
import { IdempotencyKeyReusedError } from '../idempotency/errors/idempotency-key-reused.error';
import { IDEMPOTENCY_KEY_HEADER, IdempotentRoute } from '../idempotency/idempotent-route';
import { DeclareAccess } from '../common/route-access/declared-access';

/**
 * The route's credentials as OpenAPI security requirements (any one of them will do): the required credentials with
 * every combination of the optional ones, the fullest first.
 */
export function securityRequirements(options: AuthOptions): Array<Record<string, string[]>> {
  const credentials = Object.keys(CREDENTIAL_HEADERS) as Credential[];
  const required = credentials.filter((credential) => credentialNeed(options, credential) === 'required');
  const optional = credentials.filter((credential) => credentialNeed(options, credential) === 'optional');
  const combinations = optional.reduce<Credential[][]>(
    (sets, credential) => sets.flatMap((set) => [[...set, credential], set]),
    [[]],
  );
  return combinations.map((extra) =>
    Object.fromEntries([...required, ...extra].map((credential) => [CREDENTIAL_SECURITY_SCHEMES[credential].name, []])),
  );
}

/** `Idempotency-Key` in OpenAPI: the header and the two refusals it adds. */
function idempotencyDocs() {
  return [
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Up to 255 printable characters, unique per attempt (a UUID): a retry with the same key and body within 24 ' +
        'hours gets the first answer again, with `Idempotent-Replayed: true`, and creates and bills nothing',
    }),
    ApiFailure(
      409,
      'The first request with this Idempotency-Key is still running',
      new IdempotencyKeyInUseError().reason,
    ),
    ApiFailure(422, 'This Idempotency-Key came with another request', new IdempotencyKeyReusedError().reason),
  ];
}

/** An integrator route's access: who may call it (credentials, scope) and what a call costs. */
export interface RouteAccess extends AuthOptions {
  billing?: BillingCategory;
  /** The route honours `Idempotency-Key` (creates and cancel). */
  idempotent?: boolean;
}

/**
 * Declares an integrator route: its credentials, scope and billing category. Applies the credential guards in order
 * (key first, it identifies the app), then on billable routes the billing interceptor (charge, and refund of a failed
 * call), marks the routes that honour `Idempotency-Key`, and documents the headers and failure answers in OpenAPI.
 */
export function Auth(options: RouteAccess) {
  const { billing, idempotent, ...authOptions } = options;
  const security = securityRequirements(options);
  return applyDecorators(
    DeclareAccess('integrator'),
    SetMetadata(AUTH_OPTIONS, authOptions),
    UseGuards(ApiKeyGuard, AppSecretGuard, AccessTokenGuard, ScopeGuard),
    // The global IdempotencyInterceptor answers a replay outside this one, so that a replay costs nothing.
    ...(idempotent ? [IdempotentRoute()] : []),
    ...(billing ? [SetMetadata(BILLING_CATEGORY, billing), UseInterceptors(BillingInterceptor)] : []),
    ...security.map((requirement) => ApiSecurity(requirement)),
    ...(idempotent ? idempotencyDocs() : []),
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
    ...(billing
      ? [
          ApiFailure(
            402,
            "Live key: this month's free allowance is used up and the prepaid balance does not cover the price",
            // Shown with the default prices; the real ones are configuration.
            new InsufficientBalanceError(billing, billing === 'authentication' ? 50 : 100).reason,
          ),
        ]
      : []),
    ApiRateLimited(),
  );
}
