import { Reflector } from '@nestjs/core';
import { AUTH_OPTIONS, AuthOptions } from '../../src/auth/auth-options';
import { credentialNeed } from '../../src/auth/auth-options.reader';
import { CLAIM_KEYS } from '../../src/claims/claim-catalog';
import { CREDENTIAL_HEADERS, CREDENTIAL_SECURITY_SCHEMES, Credential } from '../../src/auth/credential';
import { ServedRoute, expressRoutes, nestRoutes } from '../support/served-routes';
import { TestApp, createTestApp } from '../support/test-app';
import { describeDatabaseFree } from '../support/database-free';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}

interface MediaType {
  schema?: { example?: unknown; $ref?: string };
  example?: unknown;
  examples?: Record<string, unknown>;
}

interface Operation {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, { example?: unknown }>; securitySchemes?: Record<string, unknown> };
}

const SWAGGER_OWN_ROUTES = /^\/docs(-json|-yaml|\/|$)/;

const label = (route: ServedRoute) => `${route.method.toUpperCase()} ${route.path}`;

/** The real app, without any test probe: this suite checks what integrators are given. */
describeDatabaseFree('OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let routes: ServedRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http().get('/docs-json').expect(200)).body;
    routes = nestRoutes(t.app);
  });
  afterAll(() => t.close());

  const operationOf = (route: ServedRoute) => document.paths[route.openApiPath]?.[route.method];

  /** Runs `check` on every served route and lists the routes it complains about, with the complaint. */
  const offenders = (check: (route: ServedRoute, operation: Operation) => string | undefined) =>
    routes.flatMap((route) => {
      const operation = operationOf(route);
      const problem = operation ? check(route, operation) : 'not in the document';
      return problem ? [`${label(route)}: ${problem}`] : [];
    });

  it('serves Swagger UI at /docs', async () => {
    const response = await t.http().get('/docs').redirects(1).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('swagger-ui');
    expect(response.text).toContain('<title>idflow API</title>');
  });

  it('serves the OpenAPI document at /docs-json, not enveloped', async () => {
    const response = await t.http().get('/docs-json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(response.body.info.title).toBe('idflow');
    expect(response.body).not.toHaveProperty('status');
  });

  it('lists the routes Express really serves (the route listing below misses nothing)', () => {
    const fromNest = routes.map(label).sort();
    const fromExpress = expressRoutes(t.app)
      .filter((route) => !SWAGGER_OWN_ROUTES.test(route.split(' ')[1]))
      // Middleware registrations (`forRoutes('*')`) look like `@All()` routes; keep only those a controller declares.
      .filter((route) => !route.startsWith('ALL ') || fromNest.includes(route))
      .sort();
    expect(fromNest).toEqual(fromExpress);
    expect(fromNest).toEqual(
      expect.arrayContaining(['GET /api/health/check', 'GET /api/v1/flow/authorize', 'POST /api/v2/flow/ping']),
    );
  });

  it('documents every served route', () => {
    const missing = routes
      .filter((route) => !operationOf(route))
      .map((route) => `${label(route)} (${route.openApiPath})`);
    expect(missing).toEqual([]);
  });

  it('documents no route that is not served', () => {
    const served = new Set(routes.map((route) => `${route.method} ${route.openApiPath}`));
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('gives every operation a summary', () => {
    expect(offenders((_route, operation) => (operation.summary?.trim() ? undefined : 'no summary'))).toEqual([]);
  });

  it('gives every operation a 2xx response with an example', () => {
    const hasExample = (media: MediaType) => {
      if (media.example !== undefined || (media.examples && Object.keys(media.examples).length > 0)) return true;
      if (media.schema?.example !== undefined) return true;
      const ref = media.schema?.$ref?.split('/').pop();
      return ref !== undefined && document.components?.schemas?.[ref]?.example !== undefined;
    };
    const problems = offenders((_route, operation) => {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (successes.length === 0) return 'no 2xx response';
      const withExample = successes.some(([, response]) => Object.values(response.content ?? {}).some(hasExample));
      return withExample ? undefined : `no example in ${successes.map(([status]) => status).join(', ')}`;
    });
    expect(problems).toEqual([]);
  });

  it('names this deployment as its server, describes every tag it uses, and lists the claim catalog', () => {
    const full = document as unknown as {
      servers: Array<{ url: string }>;
      tags: Array<{ name: string; description: string }>;
      components: { schemas: Record<string, { properties?: Record<string, { items?: { enum?: string[] } }> }> };
    };
    expect(full.servers).toEqual([
      expect.objectContaining({ url: t.config.BASE_URL }),
      expect.objectContaining({ url: '/' }),
    ]);
    const used = new Set(
      Object.values(document.paths).flatMap((operations) =>
        Object.values(operations).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
      ),
    );
    const described = new Set(full.tags.map((tag) => tag.name));
    expect([...used].filter((tag) => !described.has(tag))).toEqual([]);
    expect(full.tags.every((tag) => tag.description.length > 10)).toBe(true);
    const claims = full.components.schemas.SameDeviceIdentificationDto.properties?.claims?.items?.enum;
    expect(claims).toEqual([...CLAIM_KEYS]);
  });

  it('declares one security scheme per credential, so that Authorize holds each once', () => {
    expect(document.components?.securitySchemes).toEqual({
      admin: { type: 'http', scheme: 'bearer', description: expect.any(String) },
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: expect.any(String) },
      appSecret: { type: 'apiKey', in: 'header', name: 'x-access-secret', description: expect.any(String) },
      accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token', description: expect.any(String) },
      device: { type: 'apiKey', in: 'header', name: 'authorization', description: expect.any(String) },
    });
  });

  it('gives every @Auth route the security of its credentials, and no credential header parameter', () => {
    const reflector = new Reflector();
    const authRoutes = routes.filter((route) => authOptionsOf(reflector, route));
    expect(authRoutes.map(label)).toEqual(
      expect.arrayContaining(['GET /api/health/check', 'GET /api/v1/flow/authorize']),
    );
    const scheme = (credential: Credential) => CREDENTIAL_SECURITY_SCHEMES[credential].name;
    const problems = offenders((route, operation) => {
      const options = authOptionsOf(reflector, route);
      if (!options) return undefined;
      const credentials = Object.keys(CREDENTIAL_HEADERS) as Credential[];
      const required = credentials.filter((credential) => credentialNeed(options, credential) === 'required');
      const optional = credentials.filter((credential) => credentialNeed(options, credential) === 'optional');
      const security = (operation.security ?? []).map((requirement) => Object.keys(requirement).sort().join('+'));
      const fullest = [...required, ...optional].map(scheme).sort().join('+');
      const least = required.map(scheme).sort().join('+');
      const wrong: string[] = [];
      if (!security.includes(fullest)) wrong.push(`no requirement ${fullest}`);
      if (!security.includes(least)) wrong.push(`no requirement ${least}`);
      if (security.length !== 2 ** optional.length) wrong.push(`${security.length} requirements`);
      const headers = (operation.parameters ?? []).filter((parameter) => parameter.in === 'header');
      for (const name of Object.values(CREDENTIAL_HEADERS)) {
        if (headers.some((parameter) => parameter.name === name)) wrong.push(`${name} as a parameter`);
      }
      return wrong.length > 0 ? wrong.join('; ') : undefined;
    });
    expect(problems).toEqual([]);
  });
});

function authOptionsOf(reflector: Reflector, route: ServedRoute): AuthOptions | undefined {
  return reflector.getAllAndOverride<AuthOptions>(AUTH_OPTIONS, [route.handler, route.controller]);
}
