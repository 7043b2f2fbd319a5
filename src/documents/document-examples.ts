import type { AuditEventView } from './document-audit-trail.service';
import type { DocumentView } from './document-view';

const DOC_ID = 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q';

const SIGNING: DocumentView = {
  id: DOC_ID,
  to: ['10000000001', '10000000002'],
  destination: 'app',
  handled: false,
  iat: 1763700000,
  exp: 1764304800,
  lut: 1763700000,
  domain: 'sandbox',
  mode: 'signing',
  file: {
    source: 'https://files.acme.example/contracts/1042.pdf',
    name: 'Service agreement 1042',
    sha256: '9f2c1e0a7b3d4c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6',
    pages: 3,
  },
  hook: { host: 'https://acme.example/webhooks/idflow', reference: 'contract-1042' },
  signee: [
    { name: 'Ada Obi', type: 'person', email: 'ada@example.com', nin: '10000000001', representing: '' },
    { name: 'Bola Ade', type: 'person', email: 'bola@example.com', nin: '10000000002', representing: '' },
  ],
  statusLog: [
    { nin: '10000000001', status: 'notified', lut: 1763700000 },
    { nin: '10000000002', status: 'notified', lut: 1763700000 },
  ],
  signatures: [],
  request: { client: 'bcn_4f8K****3sDa', app: 'app_9QwE****zXcV', ip: '203.0.113.7' },
  status: 'pending',
  cancelled: false,
};

const REVIEW: DocumentView = {
  ...SIGNING,
  destination: `http://localhost:3000/review/${DOC_ID}`,
  mode: 'interface',
  signee: [
    {
      name: 'Ada Obi',
      type: 'business',
      email: 'ada@acme.example',
      nin: '10000000001',
      representing: 'Acme Ltd',
      title: 'Director',
    },
    SIGNING.signee[1],
  ],
  statusLog: SIGNING.statusLog.map((entry) => ({ ...entry, status: 'pending' })),
};

const COMPLETED: DocumentView = {
  ...SIGNING,
  handled: true,
  lut: 1763700600,
  file: { ...SIGNING.file, stamped: 'http://localhost:3000/files/Xk2Lm9QwEr4TyUi7OpAs1DfGh6JkLz8XcVb0NmQ3.pdf' },
  signee: SIGNING.signee.map((signee, index) => ({
    ...signee,
    signedAt: 1763700300 + index * 300,
    ip: '198.51.100.4',
  })),
  statusLog: SIGNING.statusLog.map((entry, index) => ({ ...entry, status: 'signed', lut: 1763700300 + index * 300 })),
  signatures: SIGNING.signee.map((signee, index) => ({
    nin: signee.nin,
    name: signee.name,
    representing: signee.representing,
    iat: 1763700300 + index * 300,
    identification: ['0b7e6a4c-3f1d-4b8e-9a2c-5d6f7e8a9b0c', '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f'][index],
    signature: 'eyJhbGciOiJFZERTQSIsInR5cCI6ImlkZmxvdy1zaWduYXR1cmUrand0In0.eyJzdWIiOiIxMDAwMDAwMDAwMSJ9.c2ln',
  })),
  status: 'completed',
};

const ORIGINAL_DIGEST = SIGNING.file.sha256;
const event = (type: AuditEventView['type'], at: string, extra: Partial<AuditEventView> = {}): AuditEventView => ({
  type,
  at,
  nin: null,
  deviceId: null,
  ip: null,
  digest: ORIGINAL_DIGEST,
  ...extra,
});
const AUDIT: AuditEventView[] = [
  event('created', '2025-11-21T04:40:00.112Z', { ip: '203.0.113.7' }),
  event('pushed', '2025-11-21T04:40:00.112Z', { nin: '*******0001' }),
  event('pushed', '2025-11-21T04:40:00.112Z', { nin: '*******0002' }),
  event('viewed', '2025-11-21T04:44:31.907Z', { nin: '*******0001', deviceId: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY' }),
  event('signed', '2025-11-21T04:45:00.530Z', {
    nin: '*******0001',
    deviceId: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY',
    ip: '198.51.100.4',
  }),
  event('signed', '2025-11-21T04:50:00.018Z', {
    nin: '*******0002',
    deviceId: 'dev_2bV8cX4zN6mQ1wE9rT5yU3iO',
    ip: '198.51.100.4',
  }),
  event('stamped', '2025-11-21T04:50:00.018Z', {
    digest: '1c5e3f0a9b8d7c6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e',
  }),
];

/** The `data` of each document response (spec 4.5). */
export const DOCUMENT_EXAMPLES = {
  signing: { request: SIGNING, verificationCode: '4171' },
  review: { link: REVIEW.destination, request: REVIEW, verificationCode: '0832' },
  refresh: { doc: COMPLETED },
  audit: { flow: DOC_ID, events: AUDIT },
};
