/** One CSC API v2 remote signing service provider, as SIGNING_PROVIDERS lists it. */
export interface SigningProviderEntry {
  name: string;
  /** The CSC API's base URI, the one its `info` is under (`https://.../csc/v2`). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}
