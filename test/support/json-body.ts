/**
 * A JSON answer as the suites read it: field by field, as the API documents it. supertest itself types bodies as
 * `any`; naming the type once keeps that choice in one place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type JsonBody = Record<string, any>;
