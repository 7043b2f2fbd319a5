import type { DocumentId } from './flow-view';
import type { WalletCreated } from './identification.namespace';
import type { CallOptions, Transport } from './transport';

/** Where a document flow stands: `in_progress` once a first signee has signed, final from `completed` on. */
export type DocumentStatus = 'pending' | 'in_progress' | 'completed' | 'rejected' | 'cancelled' | 'expired';

/**
 * One signee's own status: pending -> notified (pushed to their devices) -> viewed -> signed | rejected, or stale when
 * the document ended before they acted; `waiting` in sequential signing until the steps before theirs have signed.
 */
export type SigneeStatus = 'waiting' | 'pending' | 'notified' | 'viewed' | 'signed' | 'rejected' | 'stale';

/** `parallel` (the default): everyone at once; `sequential`: step by step, out of turn refused with 409. */
export type SigningOrder = 'parallel' | 'sequential';

/** Reminders to the current step's signees who have not signed: after `firstAfterSeconds`, then every `everySeconds`. */
export interface DocumentReminders {
  /** At least 60, at most the document's lifetime. */
  firstAfterSeconds: number;
  everySeconds: number;
  /** 1 to 20 reminders per signee. */
  max: number;
}

/** The file to sign: a direct HTTPS link to a PDF of at most MAX_FILE_BYTES, and its display title. */
export interface DocumentFileInput {
  url: string;
  title: string;
}

/** Your callback (`document.*` webhooks) and the correlation id they carry. */
export interface DocumentWebhookInput {
  host: string;
  reference: string;
}

/** A structured signee of a review (spec 2.7). */
export interface SigneeInput {
  name: string;
  type: 'business' | 'person';
  email: string;
  /** At least 11 characters. */
  nin: string;
  /** Who the signee signs for; may be empty for a person signing for themself. */
  representing: string;
  title?: string;
  /** With `signingOrder: 'sequential'`: the step, from 1 (equal numbers sign together); for every signee or none. */
  order?: number;
}

/**
 * `seal` (the default): idflow's own seal over the signed copy, each approval recorded beside it; `advanced`: each
 * signee's own signature by their certificate at a remote signing provider, before that seal.
 */
export type DocumentSignatureKind = 'seal' | 'advanced';

/** `POST /api/{version}/document/signing`: pushed to each NIN's digital-ID app. */
export interface DocumentSigningInput {
  to: string[];
  file: DocumentFileInput;
  webhook: DocumentWebhookInput;
  signingOrder?: SigningOrder;
  reminders?: DocumentReminders;
  signature?: DocumentSignatureKind;
}

/** `POST /api/{version}/document/review`: a hosted page where each signee signs. */
export interface DocumentReviewInput {
  signee: SigneeInput[];
  file: DocumentFileInput;
  webhook: DocumentWebhookInput;
  signingOrder?: SigningOrder;
  reminders?: DocumentReminders;
  signature?: DocumentSignatureKind;
}

/** A signee as the document shows them; `signedAt` (Unix seconds) and `ip` once they have signed. */
/** A signee as the document object shows them: what was asked for (the step is not echoed), and once signed, when and from where. */
export interface DocumentSignee extends Omit<SigneeInput, 'order'> {
  signedAt?: number;
  ip?: string;
}

/**
 * One signer's signature (spec 2.7). `signature` is the service's receipt, a JWS whose `payload_sha256` is the SHA-256
 * of the original PDF: check it with `verifySignature(signature, originalPdfBytes, jwks)`.
 */
export interface DocumentSignature {
  nin: string;
  name: string;
  representing: string;
  /** Unix seconds. */
  iat: number;
  identification: string;
  signature: string;
}

export interface DocumentStatusLogEntry {
  nin: string;
  status: SigneeStatus;
  /** Unix seconds of the signee's last change. */
  lut: number;
  /** Why they declined, when they said. */
  reason?: string;
}

/** One entry of a document's audit trail, oldest first. */
export interface DocumentAuditEvent {
  type:
    | 'created'
    | 'pushed'
    | 'reminded'
    | 'viewed'
    | 'signed'
    | 'declined'
    | 'stamped'
    | 'sealed'
    | 'expired'
    | 'cancelled';
  /** ISO 8601, UTC, to the millisecond. */
  at: string;
  /** Masked: `*******0001`. */
  nin: string | null;
  deviceId: string | null;
  ip: string | null;
  /** SHA-256 (hex) of the document at that moment: the original, then the stamped copy. */
  digest: string;
  reason?: string;
}

/** The document object (spec 2.6): `data.request` on creation, `data.doc` on refresh, `data.request` on ping. */
export interface IdflowDocument {
  /** The `flow` of refresh, the `request` of ping, SSE and cancel. */
  id: DocumentId;
  /** The signees' NINs, in order. */
  to: string[];
  /** `app` for signing; the hosted page's URL for review. */
  destination: string;
  /** True once the document has ended. */
  handled: boolean;
  iat: number;
  exp: number;
  lut: number;
  /** `sandbox` or `production`. */
  domain: string;
  mode: 'signing' | 'interface';
  file: {
    /** The URL you supplied. */
    source: string;
    name: string;
    /** SHA-256 (hex) of the PDF as downloaded: what every signee signs. */
    sha256: string;
    pages: number;
    /** URL of the stamped PDF, once every signee has signed. */
    stamped?: string;
  };
  hook: { host: string; reference: string };
  signee: DocumentSignee[];
  statusLog: DocumentStatusLogEntry[];
  signatures: DocumentSignature[];
  request: { client: string; app: string; ip: string };
  status: DocumentStatus;
  /** True for every unsuccessful end (rejected, cancelled, expired). */
  cancelled: boolean;
  /** Only on a document created with `signature: 'advanced'`. */
  signature?: DocumentSignatureKind;
  /** Every signee signed but the signed copy is not made yet: why the last attempt failed; it is tried again. */
  pendingReason?: string;
}

/** The `data` of a signing create: the document, and four digits the signees' apps show beside it. */
export interface DocumentSigningCreated {
  request: IdflowDocument;
  verificationCode: string;
}

/** The `data` of a review create: the hosted page to send the signees to, and the document. */
export interface DocumentReviewCreated {
  link: string;
  request: IdflowDocument;
  verificationCode: string;
}

/** `POST /api/v2/document/wallet`: the document, the signee who approves with their EU wallet, as a wallet create. */
export interface DocumentWalletInput {
  flow: string;
  nin: string;
  /** Your page's https origin, for a Digital Credentials API request beside the `openid4vp://` one. */
  origin?: string;
  /** Which of your app's registered intended uses the request is made under. */
  intendedUse?: string;
}

/** `/api/{version}/document/*` (spec 4.5); v1 takes the access token instead of the secret. */
export class DocsNamespace {
  constructor(private readonly transport: Transport) {}

  signing(input: DocumentSigningInput, options?: CallOptions): Promise<DocumentSigningCreated> {
    return this.post('signing', input, options);
  }

  review(input: DocumentReviewInput, options?: CallOptions): Promise<DocumentReviewCreated> {
    return this.post('review', input, options);
  }

  /**
   * v2 only: a signee of an `advanced` document approves with their EU Digital Identity Wallet: show them
   * `presentation.uri`; once their wallet's PID (of their NIN) binds the document's SHA-256, they have signed.
   */
  wallet(input: DocumentWalletInput, options?: CallOptions): Promise<WalletCreated> {
    return this.post('wallet', input, options);
  }

  /** The document's latest state (`data.doc`): statusLog, signatures and, once complete, `file.stamped`. */
  async refresh(flow: string, options: Pick<CallOptions, 'signal'> = {}): Promise<IdflowDocument> {
    const data = await this.post<{ doc: IdflowDocument }>('refresh', { flow }, { ...options, read: true });
    return data.doc;
  }

  /** The document's audit trail, oldest first; the stamped PDF's last page prints it up to the last signature. */
  async audit(flow: string, options: Pick<CallOptions, 'signal'> = {}): Promise<DocumentAuditEvent[]> {
    const data = await this.post<{ events: DocumentAuditEvent[] }>('audit', { flow }, { ...options, read: true });
    return data.events;
  }

  private post<T>(route: string, body: object, options: CallOptions & { read?: boolean } = {}): Promise<T> {
    const { read, ...call } = options;
    return this.transport.json({
      method: 'POST',
      path: `/api/${this.transport.version}/document/${route}`,
      body,
      token: this.transport.version === 'v1',
      idempotent: read === true || call.idempotencyKey !== undefined,
      ...call,
    });
  }
}
