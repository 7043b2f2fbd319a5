/** The admin API's answers, as the console reads them (src/admin/*-views.ts on the service). Times are Unix seconds. */
export type Role = 'owner' | 'operator' | 'viewer';
export type Environment = 'sandbox' | 'production';

export interface Envelope<T> {
  status: string;
  reason: string;
  data?: T;
  errors?: Array<{ path: Array<string | number>; message: string }>;
}

export interface Operator {
  id: string;
  nin: string;
  name: string;
  role: Role;
  createdAt: number;
}

export interface Session {
  token: string;
  expiresAt: number;
  operator: Operator;
}

export interface Consumer {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface App {
  appId: string;
  consumerId: string;
  name: string;
  environment: Environment;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
}

export interface CreatedApp extends App {
  appSecret: string;
  webhookSecret: string;
  privateKey?: string;
}

export interface ApiKey {
  id: string;
  appId: string;
  environment: Environment;
  hint: string;
  createdAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

export interface CreatedApiKey extends ApiKey {
  apiKey: string;
}

export interface Delivery {
  id: string;
  type: string;
  reference: string;
  flow: string;
  url: string;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  createdAt: number;
}

export interface AuditEntry {
  id: string;
  at: number;
  actor: string;
  action: string;
  target: Record<string, string>;
  status: number;
}

export interface MonthlyUsage {
  month: string;
  calls: number;
  cost: number;
  consumers: Array<{ consumerId: string; name: string; calls: number; cost: number }>;
}

export interface FlowSummary {
  id: string;
  kind: string;
  startMode: string;
  action: string;
  status: string;
  endReason: string | null;
  appId: string;
  appName: string;
  environment: Environment;
  reference: string | null;
  device: string | null;
  createdAt: number;
  expiresAt: number;
  timeline: Array<{ at: number; event: string }>;
}

export interface Device {
  id: string;
  alg: string;
  label: string;
  createdAt: number;
  revokedAt: number | null;
  virtual: boolean;
}
