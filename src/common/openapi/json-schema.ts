import type { SchemaObject } from '@nestjs/swagger';

/**
 * Small builders for the OpenAPI schemas of what the service answers. They stay this terse on purpose: a response's
 * schema sits beside the interface of the view it describes, and the two are read side by side.
 */
export type Schema = SchemaObject | { $ref: string };

const described = (schema: SchemaObject, description?: string): SchemaObject =>
  description ? { ...schema, description } : schema;

export const string = (description?: string): SchemaObject => described({ type: 'string' }, description);
export const integer = (description?: string): SchemaObject => described({ type: 'integer' }, description);
export const number = (description?: string): SchemaObject => described({ type: 'number' }, description);
export const boolean = (description?: string): SchemaObject => described({ type: 'boolean' }, description);

/** Unix seconds, as every time in the public API. */
export const unixSeconds = (description = 'Unix seconds'): SchemaObject => integer(description);

export const oneOfStrings = (values: readonly string[], description?: string): SchemaObject =>
  described({ type: 'string', enum: [...values] }, description);

export const arrayOf = (items: Schema, description?: string): SchemaObject =>
  described({ type: 'array', items }, description);

/** OpenAPI 3.0 spells "or null" as `nullable`; a `$ref` cannot carry it, so a reference is wrapped in `allOf`. */
export const nullable = (schema: Schema): SchemaObject =>
  '$ref' in schema ? { allOf: [schema], nullable: true } : { ...schema, nullable: true };

/** A map from any key to values of one schema (claims by group, counts by route). */
export const mapOf = (values: Schema, description?: string): SchemaObject =>
  described({ type: 'object', additionalProperties: values }, description);

/**
 * An object whose properties are all required but those named in `optional`. Further properties are allowed: the
 * service may add fields, and a client generated from the document must keep working when it does.
 */
export function object(
  properties: Record<string, Schema>,
  options: { optional?: readonly string[]; description?: string } = {},
): SchemaObject {
  const optional = new Set(options.optional ?? []);
  const required = Object.keys(properties).filter((key) => !optional.has(key));
  return described({ type: 'object', ...(required.length ? { required } : {}), properties }, options.description);
}

/** A schema extending another with more properties. */
export const extending = (base: Schema, extra: SchemaObject): SchemaObject => ({ allOf: [base, extra] });
