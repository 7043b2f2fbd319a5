import { RequestValidationError } from '../common/errors/request-validation.error';
import { type CredentialQueryId, PID_QUERY_IDS } from '../eudi/pid-claims';
import type { WalletAsk } from '../eudi/wallet-ask';

/**
 * A wallet request that carries transaction data offers the PID as SD-JWT VC alone, the form whose key binding JWT
 * binds it (OpenID4VP 1.0 B.3.3); an intended use that registered the mdoc form alone cannot ask for one.
 */
export function sdJwtAsk(ask: WalletAsk): WalletAsk {
  const sdJwt = PID_QUERY_IDS['dc+sd-jwt'] as CredentialQueryId;
  if (!ask.queries.includes(sdJwt)) {
    throw new RequestValidationError([
      {
        code: 'custom',
        path: ['intendedUse'],
        message:
          'The intended use must offer the PID as SD-JWT VC: transaction data is bound in its key binding JWT alone',
      },
    ]);
  }
  return { ...ask, queries: [sdJwt] };
}
