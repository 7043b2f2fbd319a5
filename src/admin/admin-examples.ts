import type { BillingAccount } from '../billing/billing-accounts.service';
import type { MonthlyUsage } from '../billing/monthly-usage';
import type { IssuedEnrollmentCode } from '../devices/devices.service';
import type { AdminAppView } from './admin-views';
import type { ApiKeyView, ConsumerView, DeviceView, PersonView } from './admin-view-types';
import type { AdminFlowView } from './admin-view-types';

/** Example values of the admin API's OpenAPI document. */
export const PUBLIC_KEY_EXAMPLE = [
  '-----BEGIN PUBLIC KEY-----',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA61+9nIZGBamxvR+JxyOf',
  'X8giy9mBwuQWAQPwlxoYem8+ZgK+tZ1oN2P71mc7BrijGcLJDTKCBXG12IjLevGV',
  'Qrak8LzcsujaTahfqayKRRxQdZme4jasFObDa1nF2sVBXHjwQuJFV8pWCTAh8iha',
  'Auqmp2iCqqANMilzkw7IWTLLWHSnM56uIbLV9n5mYWmsKae8evSI3ZAx+32Mwqht',
  'xtiacl2MEwm3SXHa+nWwqWain4NcQWu0XaC21wxbvJUFUqUegTM2zf/8/LAFxsY3',
  'ktNh+ZrtEfsyZrghVpDuS0eSXTHCsM+PYbVHXTQU5IMDczUAEi7BkjsrGSGvGSy2',
  'ywIDAQAB',
  '-----END PUBLIC KEY-----',
  '',
].join('\n');

const PRIVATE_KEY_EXAMPLE =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ...\n-----END PRIVATE KEY-----\n';

export const CONSUMER_VIEW_EXAMPLE: ConsumerView = {
  id: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa',
  name: 'Acme Bank',
  createdAt: 1763700000,
};

export const APP_VIEW_EXAMPLE: AdminAppView = {
  id: 'app_9QwErTyUiOpAsDfGhJkLzXcV',
  appId: 'app_9QwErTyUiOpAsDfGhJkLzXcV',
  consumerId: CONSUMER_VIEW_EXAMPLE.id,
  name: 'Acme Mobile',
  environment: 'sandbox',
  scopes: ['identification:same', 'identification:wildcard', 'signing:same', 'document:sign'],
  publicKey: PUBLIC_KEY_EXAMPLE,
  redirectUris: ['https://acme.example/auth/callback'],
  publicClient: false,
  idTokenSigningAlg: 'RS256',
  oidcProfile: 'basic',
  cibaDeliveryMode: 'off',
  cibaNotificationEndpoint: null,
  backchannelLogoutUri: null,
  jwksUri: null,
  createdAt: 1763700000,
  secretRotatedAt: 1763700000,
};

export const SECRETS_EXAMPLE = {
  appSecret: 'snb_Zx8Lq2Wm4Rt6Yp0Nc3Vb5Hk7Jd9Fs1Ga2Qe4Tu6I',
  webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw5P7A1z0wYbY=',
  privateKey: PRIVATE_KEY_EXAMPLE,
};

export const API_KEY_VIEW_EXAMPLE: ApiKeyView = {
  id: 'key_7HbN2mQx9LwPz4RtYc8KdVf1',
  appId: APP_VIEW_EXAMPLE.appId,
  environment: 'sandbox',
  hint: 'bk-test_...x9Qe',
  createdAt: 1763700000,
  revokedAt: null,
  lastUsedAt: 1763703540,
};

export const API_KEY_EXAMPLE = 'bk-test_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5x9Qe';

export const SANDBOX_BOOTSTRAP_EXAMPLE = {
  consumerId: CONSUMER_VIEW_EXAMPLE.id,
  appId: APP_VIEW_EXAMPLE.appId,
  apiKey: API_KEY_EXAMPLE,
  appSecret: SECRETS_EXAMPLE.appSecret,
  privateKey: PRIVATE_KEY_EXAMPLE,
  webhookSecret: SECRETS_EXAMPLE.webhookSecret,
  testPersons: [
    { nin: '10000000001', name: 'Adaeze Okonkwo' },
    { nin: '10000000002', name: 'Babajide Adeyemi' },
    { nin: '10000000003', name: 'Hauwa Bello' },
  ],
  ninWithoutDigitalId: '10000000004',
};

/** Claim values as an operator sends them (spec 2.8); answers only ever list their keys. */
export const PERSON_CLAIMS_EXAMPLE = {
  naming: { given: 'Chinedu', family: 'Eze', name: 'Chinedu Eze' },
  contact: { email: 'chinedu.eze@example.com', emailVerified: true },
  bio: { birthdate: '1988-02-17' },
  nationality: { nationalities: ['NG'] },
};

export const PERSON_VIEW_EXAMPLE: PersonView = {
  nin: '23456789012',
  environment: 'production',
  name: 'Chinedu Eze',
  claims: [
    'bio.birthdate',
    'contact.email',
    'contact.emailVerified',
    'naming.family',
    'naming.given',
    'naming.name',
    'nationality.nationalities',
  ],
  hasDigitalId: false,
};

export const DEVICE_VIEW_EXAMPLE: DeviceView = {
  id: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY',
  alg: 'ES256',
  label: "Chinedu's phone",
  createdAt: 1763703600,
  revokedAt: null,
  virtual: false,
};

export const ENROLLMENT_CODE_EXAMPLE: IssuedEnrollmentCode = {
  code: 'a1B2-c3D4-e5F6',
  nin: PERSON_VIEW_EXAMPLE.nin,
  environment: 'production',
  expiresAt: 1763790000,
};

export const BILLING_ACCOUNT_EXAMPLE: BillingAccount = {
  consumerId: CONSUMER_VIEW_EXAMPLE.id,
  balance: 18700,
  allowance: { month: '2025-11', used: 100, limit: 100 },
};

export const MONTHLY_USAGE_EXAMPLE: MonthlyUsage = {
  month: '2025-11',
  calls: 740,
  cost: 1300,
  consumers: [
    {
      consumerId: CONSUMER_VIEW_EXAMPLE.id,
      name: CONSUMER_VIEW_EXAMPLE.name,
      calls: 740,
      cost: 1300,
      usage: [
        { environment: 'production', category: 'authentication', calls: 120, cost: 1000 },
        { environment: 'production', category: 'none', calls: 480, cost: 0 },
        { environment: 'production', category: 'signature', calls: 3, cost: 300 },
        { environment: 'sandbox', category: 'authentication', calls: 137, cost: 0 },
      ],
    },
  ],
};

/** A completed signing flow as the operator's flow search shows it. */
export const ADMIN_FLOW_EXAMPLE: AdminFlowView = {
  id: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
  kind: 'signing',
  startMode: 'different-device',
  action: 'sign',
  status: 'completed',
  endReason: null,
  consumerId: CONSUMER_VIEW_EXAMPLE.id,
  appId: APP_VIEW_EXAMPLE.appId,
  appName: APP_VIEW_EXAMPLE.name,
  environment: 'production',
  reference: 'order-1234',
  device: 'dev_7HfK2mQ9xR4tLpW1',
  intendedUse: null,
  createdAt: 1763700000,
  expiresAt: 1763700300,
  updatedAt: 1763700042,
  timeline: [
    { at: 1763700000, event: `created by ${APP_VIEW_EXAMPLE.name} (different-device)` },
    { at: 1763700010, event: "fetched by the holder's app" },
    { at: 1763700020, event: 'shown to the holder' },
    { at: 1763700042, event: 'signed' },
    { at: 1763700042, event: 'completed' },
    { at: 1763700042, event: 'webhook signing.completed: succeeded after 1 attempt(s)' },
  ],
};
