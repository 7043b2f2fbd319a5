import { QR_START_EXAMPLE } from '../flows/qr-frame';
import type { FlowRequestObject } from '../flows/flow-view';

const REQUEST: FlowRequestObject = {
  id: 'req_7Hn2Qp9LwX4cVb8ZtR1mKs3D',
  consumer: 'bcn_4f8K****3sDa',
  app: 'app_9QwE****zXcV',
  name: 'Acme Shop',
  user: '10000000001',
  mode: 'signing',
  action: 'sign',
  iat: 1763700000,
  exp: 1763700300,
  acquireClaims: [],
  signature: 'eyJhbGciOiJFZERTQSIsInR5cCI6ImlkZmxvdy1mbG93K2p3dCJ9.eyJzdWIiOiJyZXFfLi4uIn0.c2ln',
  ip: '203.0.113.7',
  useragent: 'Mozilla/5.0',
  payload: 'Pay 120.00 EUR to Acme Shop, order 1042',
};

/** The `data` of each signing create response. */
export const SIGNING_EXAMPLES = {
  'same-device': {
    link: 'http://localhost:3000/open/Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN',
    request: REQUEST,
    qr: QR_START_EXAMPLE,
  },
  'different-device': { request: REQUEST, verificationCode: '4171' },
  wildcard: {
    request: { ...REQUEST, user: '' },
    seeds: [
      'idflow://flow?seed=Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN',
      'idflow://flow?seed=Qw8rTy2UiOp4AsDf6GhJk8LzXc0VbNm2',
    ],
    qr: QR_START_EXAMPLE,
  },
  wallet: {
    request: { ...REQUEST, user: '' },
    presentation: {
      uri: 'openid4vp://?client_id=x509_hash%3A3kP9xQ...&request_uri=http%3A%2F%2Flocalhost%3A3000%2Fopenid4vp%2Frequests%2Freq_7Hn2Qp9LwX4cVb8ZtR1mKs3D',
      requestUri: 'http://localhost:3000/openid4vp/requests/req_7Hn2Qp9LwX4cVb8ZtR1mKs3D',
      clientId: 'x509_hash:3kP9xQ...',
    },
  },
};

/** The `data` of a document signee's EU wallet request: a wallet signing flow addressed to them, for the document. */
export const DOCUMENT_WALLET_EXAMPLE = {
  request: { ...REQUEST, action: 'confirm', payload: 'Tenancy agreement, 12 Marina Road' },
  presentation: SIGNING_EXAMPLES.wallet.presentation,
};
