import type { ReviewState } from './review-state';

/** The example review state of the OpenAPI document. */
export const REVIEW_STATE_EXAMPLE: ReviewState = {
  id: 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q',
  title: 'Service agreement 1042',
  app: 'Acme Shop',
  status: 'in_progress',
  open: true,
  summary: 'Waiting for signatures: 1 of 2 signed.',
  exp: 1764304800,
  file: { url: 'http://localhost:3000/files/Pq7Rs2Tu9Vw4Xy1Za6Bc3De8Fg5Hi0Jk2Lm7No4.pdf', pages: 3 },
  signees: [
    {
      position: 0,
      name: 'Ada Obi',
      type: 'business',
      representing: 'Acme Ltd',
      title: 'Director',
      nin: '*******0001',
      status: 'signed',
      statusLabel: 'Signed',
      open: false,
      sandboxDevice: true,
      signedAt: 1763700300,
    },
    {
      position: 1,
      name: 'Bola Ade',
      type: 'person',
      representing: '',
      nin: '*******0002',
      status: 'notified',
      statusLabel: 'Asked in the digital-ID app',
      open: true,
      sandboxDevice: true,
    },
  ],
};
