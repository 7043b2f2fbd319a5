/**
 * What the pipeline learns about a request on its way through (who calls, from where, what it costs), kept on Express's
 * Request: the one augmentation of it. Common code names no feature, so each feature declares the fields it sets by
 * merging into this interface from its own folder, as kinds add their views to ObservedViews; each is optional, since a
 * request has it only once the piece that sets it ran. docs/architecture.md ("The request context") lists every field,
 * the piece that sets it and its readers.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface RequestContext {}

declare module 'express-serve-static-core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are RequestContext's
  interface Request extends RequestContext {}
}
