import { arrayOf, boolean, object, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import type { WalletErasureView } from './wallet-erasure-view';

/** An erasure's record as the wallet, the sandbox and the app's webhook see it. */
export const WALLET_ERASURE_SCHEMA = namedSchema(
  'WalletErasure',
  object({
    id: string('`era_...`: the record idflow keeps, without the data'),
    claims: arrayOf(string(), 'The catalog claims the flow had released and idflow erased, by name'),
    receivedAt: unixSeconds('When the request was received and carried out'),
  }),
);

/** The wallet's answer: the record, and whether an earlier request had made it. */
export const ERASURE_ANSWER_SCHEMA = namedSchema(
  'WalletErasureAnswer',
  object({
    erasure: WALLET_ERASURE_SCHEMA,
    repeated: boolean('True when an earlier request had erased them already: this one changed nothing'),
  }),
);

export const WALLET_ERASURE_EXAMPLE: WalletErasureView = {
  id: 'era_4TfQ9mWc2NbR7yXk1LpZ8sDv',
  claims: ['naming.given', 'bio.birthdate'],
  receivedAt: 1763700300,
};
