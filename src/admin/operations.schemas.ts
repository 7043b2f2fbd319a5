import { arrayOf, integer, nullable, object, oneOfStrings, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';

/** Response schemas of the operator's views of the running service (`operations-views.ts`, `passkey-views.ts`). */

export const PASSKEY_SCHEMA = namedSchema(
  'Passkey',
  object({
    deviceId: string('The device whose approvals the passkey verifies'),
    deviceLabel: string(),
    transports: arrayOf(string(), 'How the browser said the authenticator is reached (internal, usb, hybrid, ...)'),
    createdAt: unixSeconds(),
    revokedAt: nullable(
      unixSeconds('When an operator revoked it; its device approves nothing until it registers anew'),
    ),
    deviceRevokedAt: nullable(unixSeconds('When its device was revoked, which ends the passkey with it')),
  }),
);

export const PASSKEY_LIST_SCHEMA = namedSchema(
  'PasskeyList',
  object({ passkeys: arrayOf(PASSKEY_SCHEMA, "The passkeys of the person's devices, revoked ones included") }),
);

const SCHEDULED_DOCUMENT = { documentId: string(), dueAt: unixSeconds('When it is next attempted') };

export const SEAL_STATUS_SCHEMA = namedSchema(
  'SealStatus',
  object({
    level: oneOfStrings(['B-B', 'B-T', 'B-LT', 'B-LTA'], 'The PAdES level documents are sealed at (SEAL_LEVEL)'),
    certificate: object({
      source: oneOfStrings(['pkcs12', 'sandbox'], "The operator's PKCS#12 (SEAL_P12_PATH) or idflow's sandbox seal"),
      subject: string(),
      issuer: string(),
      serialNumber: string('Hex'),
      notBefore: unixSeconds(),
      notAfter: unixSeconds(),
    }),
    timestampAuthority: nullable(string('TSA_URL without credentials or query; null when unset')),
    pendingSeals: object({
      count: integer('Documents whose stamped copy is still to be made'),
      oldest: arrayOf(
        object({
          ...SCHEDULED_DOCUMENT,
          attempts: integer(),
          lastError: nullable(string("Why the last attempt failed, often in the timestamp authority's words")),
        }),
        'The longest waiting, at most 5',
      ),
    }),
    archiveRenewals: object({
      count: integer('Stamped B-LTA copies with a renewal to come'),
      next: arrayOf(object(SCHEDULED_DOCUMENT), 'The soonest, at most 5'),
    }),
  }),
);

export const TRUST_LIST_SCHEMA = namedSchema(
  'TrustList',
  object({
    form: oneOfStrings(
      ['none', 'pem', 'pid-providers-list'],
      'EUDI_TRUST_LIST_PATH unset, a PEM bundle, or a signed EU PID providers list',
    ),
    certificates: arrayOf(object({ subject: string(), notAfter: unixSeconds() }), 'The trusted PID issuers'),
    issuedAt: nullable(unixSeconds('When the list was issued; null for a PEM bundle')),
    nextUpdate: nullable(
      unixSeconds('When the list says its next version is out; past it, the list is refused at the next start'),
    ),
  }),
);

const COUNTS = { eventStreams: integer('Server-sent event streams open'), heldPolls: integer('Legacy polls held') };

export const CONNECTIONS_SCHEMA = namedSchema(
  'Connections',
  object({
    instance: string('The instance that answered (host and process): each counts its own connections'),
    ...COUNTS,
    apps: arrayOf(object({ appId: string(), name: string(), ...COUNTS }), "Those of each app's flows, most first"),
    limits: object({
      flow: integer('STREAMS_PER_FLOW'),
      app: integer('STREAMS_PER_APP'),
      clientIp: integer('STREAMS_PER_CLIENT_IP'),
    }),
  }),
);
