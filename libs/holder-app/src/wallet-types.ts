import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
/** The Wallet API's shapes as the app reads them (the service's OpenAPI document at /docs-json is the reference). */
export type FlowStatus = 'pending' | 'active' | 'in_progress' | 'completed' | 'rejected' | 'cancelled' | 'expired';

export interface HolderFlow {
  id: string;
  mode: 'identification' | 'signing' | 'document';
  startMode: string;
  action: string;
  app: string;
  payload: string;
  requestedClaims: string[];
  status: FlowStatus;
  held: boolean;
  exp: number;
  verificationCode?: string;
  verificationChoices?: string[];
  challenge?: { flow: string; payloadSha256: string };
  document?: {
    name: string;
    url: string;
    sha256: string;
    pages: number;
    signeeStatus: string;
    /** What approving makes: the service's seal beside the approval, or the holder's own signature. */
    signature: 'seal' | 'advanced';
  };
}

export interface Envelope<T> {
  status: 'successful' | 'failed';
  reason: string;
  data?: T;
  errors?: Array<{ path: Array<string | number>; message: string }>;
}

export interface Approval {
  claims?: string[];
  signature?: string;
  verificationCode?: string;
  /** The passkey assertion made for this flow's challenge. */
  passkey?: AuthenticationResponseJSON;
}

/** One answer in the person's history (`GET /wallet/v1/history`). */
export interface HistoryEntry {
  flowId: string;
  mode: string;
  action: string;
  app: string;
  status: 'completed' | 'rejected';
  answeredAt: number;
  releasedClaims: string[];
  byThisDevice: boolean;
}

/** The device's passkey as the service has it: `revoked` by an operator, approvals are refused until a new one. */
export type PasskeyState = 'registered' | 'revoked' | 'none';

/** The device stream's `inbox` event, as `GET /wallet/v1/inbox` answers it. */
export interface InboxEvent {
  flows: HolderFlow[];
  passkey: PasskeyState;
}
