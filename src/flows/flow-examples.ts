import type { FlowView } from './flow-view';

/** The example flow of the OpenAPI document. */
export const FLOW_VIEW_EXAMPLE: FlowView = {
  id: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
  consumer: 'bcn_4f8K****3sDa',
  app: 'app_9QwE****zXcV',
  name: 'Acme Shop',
  user: '10000000001',
  mode: 'identification',
  startMode: 'same-device',
  action: 'login',
  payload: 'Log in to Acme Shop',
  acquireClaims: ['naming.name', 'contact.email'],
  iat: 1763700000,
  exp: 1763700300,
  lut: 1763700042,
  ip: '203.0.113.7',
  useragent: 'Mozilla/5.0',
  status: 'completed',
  onsession: true,
  cancelled: false,
  hint: 'completed',
  stamp: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJyZXFfLi4uIn0.c2ln',
  claims: {
    naming: { name: 'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0...' },
    contact: { email: 'eyJhbGciOi...' },
  },
  subject: 'Zp2v0w6yq3H0aR5tq0qkS1o7v4c8K9X0m3pL2sN1bQ4',
};
