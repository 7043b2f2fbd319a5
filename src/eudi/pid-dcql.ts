import { DcqlQuery } from 'dcql';
import { PID_DOCTYPE, PID_FORMATS, PID_QUERY_IDS, PID_VCT, type PidFormat, pidPathsFor } from './pid-claims';

/**
 * The DCQL query for a PID asking for exactly the attributes behind the requested claims (data minimisation), in
 * either of its forms, SD-JWT VC or ISO mdoc: one credential set whose options are the two, so the wallet answers
 * with whichever it holds; only `formats`, when an intended use registered fewer. The set carries the purpose when there
 * is one. The query is parsed and checked by the dcql library, so a malformed one never reaches a wallet.
 */
export function pidDcqlQuery(
  claims: readonly string[],
  purpose?: string,
  formats: readonly PidFormat[] = PID_FORMATS,
): DcqlQuery {
  const credentials: DcqlQuery.Input['credentials'] = [
    {
      id: PID_QUERY_IDS['dc+sd-jwt'],
      format: 'dc+sd-jwt',
      meta: { vct_values: [PID_VCT] },
      claims: pidPathsFor(claims, 'dc+sd-jwt').map((path) => ({ path: [...path] })),
    },
    {
      id: PID_QUERY_IDS.mso_mdoc,
      format: 'mso_mdoc',
      meta: { doctype_value: PID_DOCTYPE },
      claims: pidPathsFor(claims, 'mso_mdoc').map(([element]) => ({
        path: [PID_DOCTYPE, element],
        intent_to_retain: false,
      })),
    },
  ];
  const query = DcqlQuery.parse({
    credentials: credentials.filter((credential) => formats.some((format) => format === credential.format)),
    credential_sets: [
      {
        options: PID_FORMATS.filter((format) => formats.includes(format)).map((format) => [PID_QUERY_IDS[format]]),
        ...(purpose === undefined ? {} : { purpose }),
      },
    ],
  });
  DcqlQuery.validate(query);
  return query;
}
