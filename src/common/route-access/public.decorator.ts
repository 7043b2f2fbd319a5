import { DeclareAccess } from './declared-access';

/** The route needs no credentials (hosted pages, JWKS, readiness). Every other route must declare its access. */
export const Public = () => DeclareAccess('public');
