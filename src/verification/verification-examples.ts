import type { Verification } from './verification-result';

/** The OpenAPI example of `POST /verify`: a verified file. */
export const VERIFIED_EXAMPLE: Verification = {
  result: 'verified',
  verified: true,
  summary: 'This is exactly the signed copy we issued: not one byte has changed since it was stamped.',
  document: {
    id: 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q',
    title: 'Service agreement 1042',
    pages: 4,
    originalPages: 3,
    completedAt: 1763700420,
    completedAtIso: '2025-11-21T04:47:00Z',
    environment: 'production',
    signers: [
      {
        name: 'Ada Obi',
        representing: 'Self',
        type: 'person',
        signedAt: 1763700300,
        signedAtIso: '2025-11-21T04:45:00Z',
        identification: '3f1c2b7e-9a4d-4c1e-8f0a-6b2d9e4c7a15',
        signatureFingerprint: '9c41e07b52d8a3f6',
      },
      {
        name: 'Bola Ade',
        representing: 'Acme Ltd',
        title: 'Director',
        type: 'business',
        signedAt: 1763700420,
        signedAtIso: '2025-11-21T04:47:00Z',
        identification: 'b7e2d4a1-5c3f-4e8b-9d6a-1f0c2e7b8a34',
        signatureFingerprint: '04ab7d19e6c2f583',
      },
    ],
  },
  sha256: '5d41402abc4b2a76b9719d911017c592ae2f1e8d6c3b0b7f3c2e9d1a4b6c8e0f',
  seal: {
    present: true,
    valid: true,
    trusted: true,
    level: 'B-LT',
    coversWholeFile: true,
    digestMatches: true,
    signatureValid: true,
    signer: 'idflow document seal',
    signedAtIso: '2025-11-21T04:47:01Z',
    timestampedAtIso: '2025-11-21T04:47:02Z',
  },
  pades: {
    level: 'B-LTA',
    validatedAtIso: '2025-11-22T09:00:00Z',
    validationTimeBasis: 'current-time',
    signatures: [
      {
        signer: 'idflow document seal',
        signedAtIso: '2025-11-21T04:47:01Z',
        valid: true,
        trusted: true,
        coversWholeFile: true,
      },
    ],
    timestamps: [
      { type: 'signature', authority: 'Example TSA', timeIso: '2025-11-21T04:47:02Z', valid: true },
      {
        type: 'document',
        authority: 'Example TSA',
        timeIso: '2025-11-21T04:47:03Z',
        valid: true,
        coversWholeFile: true,
      },
    ],
  },
  reliedOn: ['record', 'seal'],
};
