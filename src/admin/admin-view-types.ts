import type { ClaimKey } from '../claims/claim-catalog';
import type { DeviceAlgorithm } from '../devices/device-algorithm';
import type { TrustListForm } from '../eudi/trust-list-form';
import type { OperatorRole } from '../operators/operator-role';
import type { SealCertificateSource } from '../seal/seal-certificate-source';
import type { CibaDeliveryMode } from '../tenants/ciba-delivery';
import type { Environment } from '../tenants/environment';
import type { IdTokenSigningAlg } from '../tenants/id-token-signing-alg';
import type { OidcProfile } from '../tenants/oidc-profile';
import type { Scope } from '../tenants/scopes';

/*
 * The admin API's answers, shapes only: the console (libs/console) reads them too, so this file and what it imports
 * stay free of the service's code (no entity, service or package), and the console imports them as types alone.
 */

/**
 * What the operator sees of consumers, apps, keys, persons and devices, through the admin API and the CLI alike. Digests never leave
 * the service; secrets appear only in the answer that created them. Times are Unix seconds, as in the public API.
 */
export interface ConsumerView {
  id: string;
  name: string;
  createdAt: number;
}

export interface AppView {
  /** `appId` wherever an app is named, in the admin API, the CLI and the flows alike. */
  appId: string;
  consumerId: string;
  name: string;
  environment: Environment;
  scopes: Scope[];
  publicKey: string;
  /** Where "Log in with OIDC" may send a browser back, compared exactly. */
  redirectUris: string[];
  /** A public OpenID client proves itself by PKCE alone. */
  publicClient: boolean;
  /** How "Log in with OIDC" signs the app's ID tokens. */
  idTokenSigningAlg: IdTokenSigningAlg;
  /** basic, or fapi2: the FAPI 2.0 Security Profile for its OpenID logins. */
  oidcProfile: OidcProfile;
  /** Whether the app may start CIBA logins, and how it hears their outcome. */
  cibaDeliveryMode: CibaDeliveryMode;
  /** Where a CIBA login in ping mode notifies the app. */
  cibaNotificationEndpoint: string | null;
  /** Where a logout token is posted when a person logs out. */
  backchannelLogoutUri: string | null;
  /** Where the app's keys for private_key_jwt are fetched, in place of its RSA key. */
  jwksUri: string | null;
  createdAt: number;
  secretRotatedAt: number;
}

/** A consumer in the operator's list: when any key of its apps was last used. */
export interface ListedConsumerView extends ConsumerView {
  lastUsedAt: number | null;
}

/** An app in the operator's list: who it is and what it may do, never a secret nor its key. */
export interface ListedAppView {
  appId: string;
  consumerId: string;
  name: string;
  environment: Environment;
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
}

export interface CreatedAppView extends AppView {
  appSecret: string;
  webhookSecret: string;
  /** Only when the service generated the key pair. */
  privateKey?: string;
}

export interface RotatedSecretView extends AppView {
  appSecret: string;
}

export interface ApiKeyView {
  id: string;
  appId: string;
  environment: Environment;
  hint: string;
  createdAt: number;
  revokedAt: number | null;
  /** To the minute; null while no request presented the key. */
  lastUsedAt: number | null;
}

export interface CreatedApiKeyView extends ApiKeyView {
  apiKey: string;
}

/** Which claims a person holds, never their values: those are personal data. */
export interface PersonView {
  nin: string;
  environment: Environment;
  name: string;
  /** Dot-notation claim keys in catalog order, e.g. `naming.name`. */
  claims: ClaimKey[];
  hasDigitalId: boolean;
}

/** A device, never its key. */
export interface DeviceView {
  id: string;
  alg: DeviceAlgorithm;
  label: string;
  createdAt: number;
  revokedAt: number | null;
  /** The built-in device of a synthetic sandbox person, through which the sandbox simulator acts. */
  virtual: boolean;
}

export interface PersonWithDevicesView {
  person: PersonView;
  devices: DeviceView[];
}

/** What the admin API and the CLI show of an operator. Times are Unix seconds, as in the public API. */
export interface OperatorView {
  id: string;
  nin: string;
  name: string;
  role: OperatorRole;
  createdAt: number;
}

/** One entry of the audit log, as listed and exported. */
export interface AuditEntryView {
  id: string;
  at: number;
  actor: string;
  action: string;
  target: Record<string, string>;
  status: number;
}

/** A page of the audit log, and the `after` of the page that follows it: null when it is the last. */
export interface AuditPageView {
  entries: AuditEntryView[];
  next: string | null;
}

/** A session just opened: its bearer token, shown this once, until when it lasts, and whose it is. */
export interface SessionView {
  token: string;
  expiresAt: number;
  operator: OperatorView;
}

/** One moment of a flow's life, as the operator's flow search shows it. */
export interface FlowMomentView {
  at: number;
  event: string;
}

/**
 * A flow as the operator's search shows it: where it stands and how it got there, never what it carries (its
 * payload, claims, signature) nor whose it is (NINs).
 */
export interface AdminFlowView {
  id: string;
  kind: string;
  startMode: string;
  action: string;
  status: string;
  endReason: string | null;
  consumerId: string;
  appId: string;
  appName: string;
  environment: string;
  reference: string | null;
  device: string | null;
  intendedUse: string | null;
  createdAt: number;
  expiresAt: number;
  updatedAt: number;
  timeline: FlowMomentView[];
}

/** An app's registered intended use for the EU wallet, as the admin API and the CLI show it. */
export interface IntendedUseView {
  appId: string;
  name: string;
  purpose: string;
  credentials: string[];
  claims: string[];
  createdAt: number;
}

/** A device's passkey as the operator sees it: which device it answers for and when, never its key or credential id. */
export interface PasskeyView {
  deviceId: string;
  deviceLabel: string;
  /** What the browser said the authenticator is reached by (`internal`, `usb`, `hybrid`, ...). */
  transports: string[];
  createdAt: number;
  /** When an operator revoked it; the device's approvals are refused until it registers a new one. */
  revokedAt: number | null;
  /** When the device itself was revoked, which ends its passkey's use too. */
  deviceRevokedAt: number | null;
}

/**
 * What an operator watches of the service's running state, through the admin API: the seal and its timestamp
 * authority, the trust list of PID issuers, and the connections held open.
 */
export interface SealStatusView {
  /** The PAdES level documents are sealed at (SEAL_LEVEL). */
  level: string;
  certificate: {
    source: SealCertificateSource;
    subject: string;
    issuer: string;
    serialNumber: string;
    notBefore: number;
    notAfter: number;
  };
  /** The authority B-T and above are timestamped by, without credentials or query; null when TSA_URL is unset. */
  timestampAuthority: string | null;
  pendingSeals: {
    count: number;
    oldest: Array<{ documentId: string; dueAt: number; attempts: number; lastError: string | null }>;
  };
  archiveRenewals: { count: number; next: Array<{ documentId: string; dueAt: number }> };
}

export interface TrustListView {
  form: TrustListForm;
  certificates: Array<{ subject: string; notAfter: number }>;
  issuedAt: number | null;
  /** When the list says its next version is out; past it, the list is refused at the next start. */
  nextUpdate: number | null;
}

export interface ConnectionsView {
  /** The instance that answered: each instance counts its own connections. */
  instance: string;
  eventStreams: number;
  heldPolls: number;
  apps: Array<{ appId: string; name: string; eventStreams: number; heldPolls: number }>;
  /** The caps, per instance, that a connection beyond is refused with 429. */
  limits: { flow: number; app: number; clientIp: number };
}

/** A consumer's own remote signing provider: where it is and idflow's client there, never the client's secret. */
export interface SigningProviderView {
  consumerId: string;
  name: string;
  environment: Environment;
  baseUrl: string;
  clientId: string;
  /** Whether a client secret is stored (sealed); the secret itself is never answered. */
  clientSecretSet: boolean;
  createdAt: number;
  updatedAt: number;
}

/** What a provider answered a check: its CSC `info`, and whether it accepted idflow's client, or what went wrong. */
export interface SigningProviderCheckView {
  name: string;
  ok: boolean;
  info?: { specs?: string; name?: string; region?: string; methods?: string[] };
  problem?: string;
}
