import { DcqlQuery } from 'dcql';
import { PID_VCT, pidPathsFor } from './pid-claims';

/** The id of the one credential query: the vp_token answers under it. */
export const PID_CREDENTIAL_QUERY_ID = 'pid';

/**
 * The DCQL query for a PID in SD-JWT VC form asking for exactly the attributes behind the requested claims (data
 * minimisation), parsed and checked by the dcql library so a malformed query never reaches a wallet.
 */
export function pidDcqlQuery(claims: readonly string[]): DcqlQuery {
  const query = DcqlQuery.parse({
    credentials: [
      {
        id: PID_CREDENTIAL_QUERY_ID,
        format: 'dc+sd-jwt',
        meta: { vct_values: [PID_VCT] },
        claims: pidPathsFor(claims).map((path) => ({ path: [...path] })),
      },
    ],
  });
  DcqlQuery.validate(query);
  return query;
}
