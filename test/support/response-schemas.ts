import type { NextFunction, Request, Response } from 'express';
import type { OpenApiResponse, ResponseValidators } from './response-validators';
import { toOpenApiPath } from './served-routes';

type Operations = Record<string, { responses?: Record<string, OpenApiResponse> } | undefined>;

/**
 * Checks every JSON answer an e2e app sends against the schema its OpenAPI document declares for that route and
 * status, so the document cannot drift from what the service sends. Answers that no route produced (the rate limit,
 * the body parser, unknown paths) have no operation to hold them to and pass unchecked.
 */
export class ResponseSchemaCheck {
  /** `METHOD /path status` of every answer checked, for the suite that proves each route is covered. */
  readonly checked = new Set<string>();
  readonly violations: string[] = [];

  constructor(private readonly validators: ResponseValidators) {}

  /**
   * Express middleware that sees each JSON body on its way out: as the bytes that end the answer, whether Express's
   * `res.json` wrote them or the service's own JSON writer.
   */
  readonly middleware = (request: Request, response: Response, next: NextFunction) => {
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    response.end = ((...args: unknown[]) => {
      const [chunk] = args;
      const routePath = (request.route as { path?: unknown } | undefined)?.path;
      const json = String(response.getHeader('content-type') ?? '').startsWith('application/json');
      if (json && typeof routePath === 'string' && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        this.inspect(request.method, routePath, response.statusCode, JSON.parse(chunk.toString()));
      }
      return end(...args);
    }) as Response['end'];
    next();
  };

  inspect(method: string, routePath: string, status: number, body: unknown): void {
    const path = toOpenApiPath(routePath);
    const label = `${method.toUpperCase()} ${path} ${status}`;
    const responses =
      (this.validators.document.paths[path] as Operations | undefined)?.[method.toLowerCase()]?.responses ?? {};
    // A test's own probe route declares no success: there is nothing to hold it to.
    if (!Object.keys(responses).some((code) => code.startsWith('2'))) return;
    // A JSON answer under a status declared without JSON (a plain-text 429, a PDF route's 404) is a failure the
    // operation's default describes.
    const declared = responses[String(status)];
    // A success declared without any body shape (Nest's implicit answer of a probe) has nothing to hold it to.
    if (status < 400 && declared && !declared.content) return;
    const failure = status >= 400 && !declared?.content?.['application/json'];
    const validate = this.validators.validatorFor(label, failure ? responses.default : declared);
    if (validate === undefined) {
      this.violations.push(`${label}: the document declares no JSON answer for this status`);
      return;
    }
    if (validate === null) return;
    this.checked.add(label);
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
      this.violations.push(`${label}: ${problems.join('; ')}\n  body: ${JSON.stringify(body).slice(0, 600)}`);
    }
  }

  /** `METHOD /path status` of every success the document declares a JSON schema for: what `checked` should cover. */
  declaredJsonSuccesses(): string[] {
    return Object.entries(this.validators.document.paths).flatMap(([path, operations]) =>
      Object.entries(operations as Operations).flatMap(([method, operation]) =>
        Object.entries(operation?.responses ?? {})
          .filter(([status, response]) => status.startsWith('2') && response.content?.['application/json']?.schema)
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
  }
}
