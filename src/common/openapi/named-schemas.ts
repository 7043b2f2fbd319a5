import type { SchemaObject } from '@nestjs/swagger';

/** A named schema of the OpenAPI document's components, referred to by `$ref`. */
export interface NamedSchema {
  $ref: string;
}

const SCHEMAS = new Map<string, SchemaObject>();

/**
 * Declares a response schema under `components.schemas.<name>`, where generated clients find it by that name, and
 * answers the reference to it. Each feature declares the schemas of its own views when its controllers are loaded;
 * the document builder copies every declared schema into the document.
 */
export function namedSchema(name: string, schema: SchemaObject): NamedSchema {
  const declared = SCHEMAS.get(name);
  if (declared && JSON.stringify(declared) !== JSON.stringify(schema)) {
    throw new Error(`Two different response schemas are named ${name}`);
  }
  SCHEMAS.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

/** Every named schema declared so far, for the document builder. */
export function namedSchemas(): Record<string, SchemaObject> {
  return Object.fromEntries(SCHEMAS);
}
