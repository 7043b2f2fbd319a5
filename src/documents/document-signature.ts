/**
 * How a document is signed: `seal`, idflow's own PAdES seal over the stamped copy with each approval recorded beside
 * it (the default); `advanced`, each signee's own PAdES signature by their certificate at a CSC API v2 remote signing
 * provider, in signing order, before that seal (docs/documents.md).
 */
export const DOCUMENT_SIGNATURES = ['seal', 'advanced'] as const;
export type DocumentSignature = (typeof DOCUMENT_SIGNATURES)[number];
