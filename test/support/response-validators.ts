import Ajv, { type ValidateFunction } from 'ajv';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DiscoveryService, ModulesContainer } from '@nestjs/core';
import { buildOpenApiDocument } from '../../src/bootstrap/openapi-document';

export interface OpenApiResponse {
  content?: Record<string, { schema?: unknown }>;
}

const DOCUMENT_ID = 'idflow-openapi';

/** Points the document's own `#/components/...` references at the copy Ajv holds under DOCUMENT_ID. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? [key, DOCUMENT_ID + value]
        : [key, anchored(value)],
    ),
  );
}

/** The OpenAPI document of an app and its answers' schemas, each compiled by Ajv the first time an answer needs it. */
export class ResponseValidators {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor(readonly document: OpenAPIObject) {
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components ?? {} });
  }

  /** undefined: no JSON answer declared for the status; null: declared without a schema to hold it to. */
  validatorFor(label: string, response: OpenApiResponse | undefined): ValidateFunction | null | undefined {
    if (this.compiled.has(label)) return this.compiled.get(label);
    const schema = response?.content?.['application/json']?.schema;
    if (!response?.content?.['application/json']) return undefined;
    const validate = schema ? this.ajv.compile(anchored(schema) as object) : null;
    this.compiled.set(label, validate);
    return validate;
  }
}

const controllerIds = new WeakMap<object, number>();
let controllersSeen = 0;
const byControllers = new Map<string, ResponseValidators>();

/**
 * The validators of an app's document, shared by the apps of a suite that serve the same controllers: the document is
 * made from the controllers' decorators alone (its server address aside, which no answer is checked against), and
 * building it and compiling its schemas again took about 0.15 s of CPU per app, for the hundreds of apps a run builds.
 * Controllers are told apart by identity, so two suites' probe controllers of one name never share a document.
 */
export function responseValidatorsOf(app: NestExpressApplication): ResponseValidators {
  const key = new DiscoveryService(app.get(ModulesContainer))
    .getControllers()
    .flatMap(({ metatype }) => (metatype ? [metatype] : []))
    .map((metatype) => {
      const id = controllerIds.get(metatype) ?? ++controllersSeen;
      controllerIds.set(metatype, id);
      return id;
    })
    .sort((a, b) => a - b)
    .join(',');
  let validators = byControllers.get(key);
  if (!validators) {
    validators = new ResponseValidators(buildOpenApiDocument(app));
    byControllers.set(key, validators);
  }
  return validators;
}
