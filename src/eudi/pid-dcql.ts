import { DcqlQuery } from 'dcql';
import { PID_VCT, pidPathsFor } from './pid-claims';

/** The id of the one credential query: the vp_token answers under it. */
export const PID_CREDENTIAL_QUERY_ID = 'pid';

/**
 * The DCQL query for a PID in SD-JWT VC form asking for exactly the attributes behind the requested claims (data
 * minimisation), with the integrator's purpose when it gave one, parsed and checked by the dcql library so a malformed
 * query never reaches a wallet.
 */
export function pidDcqlQuery(claims: readonly string[], purpose?: string): DcqlQuery {
  const query = DcqlQuery.parse({
    credentials: [
      {
        id: PID_CREDENTIAL_QUERY_ID,
        format: 'dc+sd-jwt',
        meta: { vct_values: [PID_VCT] },
        claims: pidPathsFor(claims).map((path) => ({ path: [...path] })),
      },
    ],
    // OpenID4VP 1.0 puts a purpose on credential sets only: one set, of the one credential, carries it.
    ...(purpose === undefined ? {} : { credential_sets: [{ options: [[PID_CREDENTIAL_QUERY_ID]], purpose }] }),
  });
  DcqlQuery.validate(query);
  return query;
}
