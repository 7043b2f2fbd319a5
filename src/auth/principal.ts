import type { KeyHolder } from '../tenants/key-holder';

/** Who is calling: set on the request by the API-key guard, read by the other guards and by handlers. */
export type Principal = KeyHolder;

declare module '../common/request-context/request-context' {
  interface RequestContext {
    principal?: Principal;
  }
}
