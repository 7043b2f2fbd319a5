import { QR_START_EXAMPLE } from '../flows/qr-frame';
import type { FlowRequestObject } from '../flows/flow-view';

const REQUEST: FlowRequestObject = {
  id: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
  consumer: 'bcn_4f8K****3sDa',
  app: 'app_9QwE****zXcV',
  name: 'Acme Shop',
  user: '',
  mode: 'identification',
  action: 'login',
  iat: 1763700000,
  exp: 1763700300,
  acquireClaims: ['naming.name', 'contact.email'],
  signature: 'eyJhbGciOiJFZERTQSIsInR5cCI6ImlkZmxvdy1mbG93K2p3dCJ9.eyJzdWIiOiJyZXFfLi4uIn0.c2ln',
  ip: '203.0.113.7',
  useragent: 'Mozilla/5.0',
  payload: 'Log in to Acme Shop',
};

/** The `data` of each create response, for the OpenAPI document (spec 2.3). */
export const IDENTIFICATION_EXAMPLES = {
  'same-device': {
    link: 'http://localhost:3000/open/Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN',
    request: REQUEST,
    qr: QR_START_EXAMPLE,
  },
  'different-device': {
    request: { ...REQUEST, user: '10000000001' },
    token: 'eyJhbGciOiJFZERTQSIsInR5cCI6ImlkZmxvdy1hY2Nlc3Mrand0In0.eyJzdWIiOiJiY25fLi4uIn0.c2ln',
    verificationCode: '4171',
  },
  wallet: {
    request: REQUEST,
    presentation: {
      uri: 'openid4vp://?client_id=x509_hash%3A3kP9xQ...&request_uri=http%3A%2F%2Flocalhost%3A3000%2Fopenid4vp%2Frequests%2Freq_3k9XyQw2Lm8NbVc7ZrT1aSd4',
      requestUri: 'http://localhost:3000/openid4vp/requests/req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
      clientId: 'x509_hash:3kP9xQ...',
    },
  },
  wildcard: {
    request: REQUEST,
    seeds: [
      'idflow://flow?seed=Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN',
      'idflow://flow?seed=Qw8rTy2UiOp4AsDf6GhJk8LzXc0VbNm2',
    ],
    qr: QR_START_EXAMPLE,
  },
};
