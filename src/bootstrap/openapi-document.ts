import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ADMIN_SECURITY_SCHEME } from '../admin/admin-only.decorator';
import { CREDENTIAL_HEADERS, CREDENTIAL_SECURITY_SCHEMES, type Credential } from '../auth/credential';
import { AppConfig } from '../config/app-config';
import { namedSchemas } from '../common/openapi/named-schemas';
import { DEFAULT_FAILURE } from '../common/openapi/api-envelope.decorator';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
import { DEVICE_PROOF_DESCRIPTION, DEVICE_SECURITY_SCHEME } from '../wallet/device-auth.decorator';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/webhook-event-type';

/** What each group of operations is for, in the order Swagger UI lists them. */
const API_TAGS: Record<string, string> = {
  system: 'Health, readiness, liveness and metrics',
  identification: 'Ask a person, by NIN or by QR code, to prove who they are and release the claims you ask for',
  signing: 'Ask a person to sign or confirm a short text',
  document: 'Have one or more people sign a PDF, in their app or on a hosted review page',
  flow: 'Watch and cancel any flow: ping, server-sent events, the legacy held poll, the animated QR frame',
  webhooks: `The signed webhooks sent for signing and document flows (${WEBHOOK_EVENT_TYPES.join(', ')}), and their deliveries`,
  billing: 'Your usage and what it cost, by month',
  verification: 'Check a signed PDF or a signature receipt, without credentials',
  sandbox: "The sandbox simulator: act as a synthetic test person's phone (bk-test_ keys only)",
  wallet: "The Wallet API a digital-ID app speaks, each request signed by the device's key",
  openid4vp:
    "The OpenID4VP 1.0 verifier an EU Digital Identity Wallet reaches: a wallet flow's signed request object and " +
    'its response address (docs/eudi-wallet.md)',
  'signing-provider':
    "The sandbox remote signing service provider (CSC API v2) that signs `advanced` documents' sandbox signees, and " +
    'that an integrator can try a CSC client against (docs/documents.md)',
  pages: 'Hosted pages: the same-device link, the review page, the verification page',
  review: 'The hosted review page and its calls',
  oidc:
    'Log in with OIDC: an OpenID provider at `/oidc` (discovery at `/oidc/.well-known/openid-configuration`) for any ' +
    'OIDC library; these are the calls of its hosted login page. See docs/oidc.md, "Log in with OIDC".',
  admin: 'The operator: consumers, apps, keys, persons, credit and the sandbox (ADMIN_TOKEN)',
};

/** Builds the OpenAPI document from the controllers' decorators. */
export function buildOpenApiDocument(app: NestExpressApplication) {
  const config = new DocumentBuilder()
    .setTitle('idflow')
    .setDescription(
      'Identity flows by national identification number: identification, signing and document signing. ' +
        'Every JSON answer is wrapped in the envelope `{ status, reason, version, data, cost? }`; failures have ' +
        '`status: "failed"` and, for validation, Zod-style `errors`. 100 requests a minute per client IP. "spec N.N" in ' +
        "these descriptions is section N.N of the repository's docs/interface.md.\n\n" +
        'Web apps can also log people in with OpenID Connect, with configuration alone: the discovery document is ' +
        '[/oidc/.well-known/openid-configuration](/oidc/.well-known/openid-configuration), and the page ' +
        '"Log in with OIDC" (`docs/oidc.md` in the repository) has the client set-up.',
    )
    .setVersion('2')
    .addServer(app.get(AppConfig).BASE_URL, 'This deployment (BASE_URL)')
    // For a look at an instance from inside, where BASE_URL (the public address) may not be reachable.
    .addServer('/', 'The address this document was read from')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN of the operator' },
      ADMIN_SECURITY_SCHEME,
    );
  for (const credential of Object.keys(CREDENTIAL_HEADERS) as Credential[]) {
    const { name, description } = CREDENTIAL_SECURITY_SCHEMES[credential];
    config.addApiKey({ type: 'apiKey', in: 'header', name: CREDENTIAL_HEADERS[credential], description }, name);
  }
  config.addApiKey(
    { type: 'apiKey', in: 'header', name: 'authorization', description: DEVICE_PROOF_DESCRIPTION },
    DEVICE_SECURITY_SCHEME,
  );
  for (const [tag, description] of Object.entries(API_TAGS)) config.addTag(tag, description);
  const document = SwaggerModule.createDocument(app, config.build());
  document.info.license = { name: 'MIT', url: 'https://opensource.org/license/mit' };
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...namedSchemas() } };
  for (const operations of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      operation.responses = { ...operation.responses, default: DEFAULT_FAILURE };
      // A route that declares no credential takes none: said outright, as OpenAPI linters ask.
      operation.security ??= [];
    }
  }
  // The admin token is the operator's own string, not a JWT, whatever Nest's bearer default says.
  delete (document.components?.securitySchemes?.[ADMIN_SECURITY_SCHEME] as { bearerFormat?: string }).bearerFormat;
  return document;
}
