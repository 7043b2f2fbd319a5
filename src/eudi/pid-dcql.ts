import { DcqlQuery } from 'dcql';
import {
  AGE_ATTESTATION_DOCTYPE,
  CREDENTIAL_QUERY_IDS,
  type CredentialQueryId,
  PID_DOCTYPE,
  PID_VCT,
  NIN_ATTRIBUTE,
  isAgeClaim,
  pidPathsFor,
} from './pid-claims';

type CredentialQuery = DcqlQuery.Input['credentials'][number];

/**
 * The DCQL query for a PID asking for exactly the attributes behind the requested claims (data minimisation), in
 * either of its forms, SD-JWT VC or ISO mdoc, and for claims of the `age` group alone the EU age attestation too: one
 * credential set whose options are these, so the wallet answers with whichever it holds; only `queries`, when an
 * intended use registered fewer. The set carries the purpose when there is one; with `askNin`, the PID's national
 * identification number is asked too, for the verifier to check (a request addressed to a NIN). The query is parsed
 * and checked by the dcql library, so a malformed one never reaches a wallet.
 */
export function pidDcqlQuery(
  claims: readonly string[],
  purpose?: string,
  queries: readonly CredentialQueryId[] = CREDENTIAL_QUERY_IDS,
  askNin = false,
): DcqlQuery {
  // A request for no claim (a transaction's approval alone) names none: DCQL's `claims` may not be empty.
  const asking = <T>(paths: T[]) => (paths.length === 0 ? {} : { claims: paths });
  const ninPath = askNin ? [[NIN_ATTRIBUTE]] : [];
  const mdocElements = (doctype: string, nin: string[][] = []) =>
    asking(
      [...pidPathsFor(claims, 'mso_mdoc'), ...nin].map(([element]) => ({
        path: [doctype, element] as [string, string],
        intent_to_retain: false,
      })),
    );
  const candidates: Record<CredentialQueryId, CredentialQuery | undefined> = {
    pid: {
      id: 'pid',
      format: 'dc+sd-jwt',
      meta: { vct_values: [PID_VCT] },
      ...asking([...pidPathsFor(claims, 'dc+sd-jwt'), ...ninPath].map((path) => ({ path: [...path] }))),
    },
    pid_mdoc: {
      id: 'pid_mdoc',
      format: 'mso_mdoc',
      meta: { doctype_value: PID_DOCTYPE },
      ...mdocElements(PID_DOCTYPE, ninPath),
    },
    av_mdoc:
      claims.length > 0 && claims.every(isAgeClaim)
        ? {
            id: 'av_mdoc',
            format: 'mso_mdoc',
            meta: { doctype_value: AGE_ATTESTATION_DOCTYPE },
            ...mdocElements(AGE_ATTESTATION_DOCTYPE),
          }
        : undefined,
  };
  const offered = CREDENTIAL_QUERY_IDS.filter((id) => queries.includes(id) && candidates[id] !== undefined);
  const query = DcqlQuery.parse({
    credentials: offered.map((id) => candidates[id] as CredentialQuery),
    credential_sets: [{ options: offered.map((id) => [id]), ...(purpose === undefined ? {} : { purpose }) }],
  });
  DcqlQuery.validate(query);
  return query;
}
