/**
 * The admin API's answers the settings and operations screens read (src/admin/admin-views.ts, intended-use-views.ts,
 * passkey-views.ts and operations-views.ts on the service). Times are Unix seconds.
 */
import type { Environment } from './admin-types';

export const ID_TOKEN_SIGNING_ALGS = ['RS256', 'ES256', 'EdDSA'] as const;
export const OIDC_PROFILES = ['basic', 'fapi2'] as const;
export const CIBA_DELIVERY_MODES = ['off', 'poll', 'ping'] as const;
export const CREDENTIAL_TYPES = ['urn:eudi:pid:1', 'eu.europa.ec.eudi.pid.1'] as const;

/** What `PATCH /admin/apps/{appId}` changes: how the app logs people in with OIDC and CIBA. */
export interface AppSettingsFields {
  redirectUris: string[];
  publicClient: boolean;
  idTokenSigningAlg: (typeof ID_TOKEN_SIGNING_ALGS)[number];
  oidcProfile: (typeof OIDC_PROFILES)[number];
  cibaDeliveryMode: (typeof CIBA_DELIVERY_MODES)[number];
  cibaNotificationEndpoint: string | null;
  backchannelLogoutUri: string | null;
  jwksUri: string | null;
}

export interface AppDetails extends AppSettingsFields {
  appId: string;
  name: string;
  environment: Environment;
  scopes: string[];
  secretRotatedAt: number;
}

export interface IntendedUse {
  appId: string;
  name: string;
  purpose: string;
  credentials: string[];
  claims: string[];
  createdAt: number;
}

export interface Passkey {
  deviceId: string;
  deviceLabel: string;
  transports: string[];
  createdAt: number;
  revokedAt: number | null;
  deviceRevokedAt: number | null;
}

export interface SealStatus {
  level: string;
  certificate: {
    source: 'pkcs12' | 'sandbox';
    subject: string;
    issuer: string;
    serialNumber: string;
    notBefore: number;
    notAfter: number;
  };
  timestampAuthority: string | null;
  pendingSeals: {
    count: number;
    oldest: Array<{ documentId: string; dueAt: number; attempts: number; lastError: string | null }>;
  };
  archiveRenewals: { count: number; next: Array<{ documentId: string; dueAt: number }> };
}

export interface TrustList {
  form: 'none' | 'pem' | 'pid-providers-list';
  certificates: Array<{ subject: string; notAfter: number }>;
  issuedAt: number | null;
  nextUpdate: number | null;
}

export interface Connections {
  instance: string;
  eventStreams: number;
  heldPolls: number;
  apps: Array<{ appId: string; name: string; eventStreams: number; heldPolls: number }>;
  limits: { flow: number; app: number; clientIp: number };
}
