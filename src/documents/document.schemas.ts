import {
  arrayOf,
  boolean,
  extending,
  integer,
  nullable,
  object,
  oneOfStrings,
  string,
  unixSeconds,
} from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { FLOW_STATUSES } from '../flows/flow-state';
import { HOLDER_FLOW_SCHEMA, addObservedViewSchema } from '../flows/flow.schemas';
import { AUDIT_EVENT_TYPES } from './audit-event-type';
import { SIGNEE_STATUSES, SIGNEE_TYPES } from './signee-status';
import { DOCUMENT_SIGNATURES } from './document-signature';

/** Response schemas of the document object (spec 2.6, 2.7) and of a document as a signee's device sees it. */

const SIGNEE_SCHEMA = namedSchema(
  'Signee',
  object(
    {
      name: string(),
      type: oneOfStrings(SIGNEE_TYPES),
      email: string(),
      nin: string(),
      representing: string(),
      title: string(),
      signedAt: unixSeconds('Once signed'),
      ip: string('Once signed: the address they signed from'),
    },
    { optional: ['title', 'signedAt', 'ip'] },
  ),
);

const SIGNATURE_SCHEMA = namedSchema(
  'SignatureRecord',
  object({
    nin: string(),
    name: string(),
    representing: string(),
    iat: unixSeconds('When they signed'),
    identification: string('The identification behind the signature'),
    signature: string("The service's receipt: a JWS verifiable with `/.well-known/jwks.json`"),
  }),
);

const STATUS_LOG_ENTRY_SCHEMA = namedSchema(
  'SigneeStatusEntry',
  object(
    {
      nin: string(),
      status: oneOfStrings(SIGNEE_STATUSES, '`waiting`: a later step of a sequential document'),
      lut: unixSeconds('Last change'),
      reason: string('Why the signee declined, when they said'),
    },
    { optional: ['reason'] },
  ),
);

export const DOCUMENT_SCHEMA = namedSchema(
  'Document',
  object(
    {
      id: string('`doc_` and 40 base62 characters'),
      to: arrayOf(string(), 'The NINs asked to sign'),
      destination: string('`app` for signing in the app; the review page link for review'),
      handled: boolean('True once every signee has signed'),
      iat: unixSeconds(),
      exp: unixSeconds(),
      lut: unixSeconds('Last change'),
      domain: string('The environment: `sandbox` or `production`'),
      mode: oneOfStrings(['signing', 'interface'], '`signing` (in the app) or `interface` (hosted review)'),
      file: object(
        {
          source: string('The URL the PDF was fetched from'),
          name: string(),
          sha256: string('Hex SHA-256 of the original PDF: what the signees sign'),
          pages: integer(),
          stamped: string('Once completed: the stamped PDF'),
        },
        { optional: ['stamped'] },
      ),
      hook: object({ host: string(), reference: string() }),
      signee: arrayOf(SIGNEE_SCHEMA),
      statusLog: arrayOf(STATUS_LOG_ENTRY_SCHEMA),
      signatures: arrayOf(SIGNATURE_SCHEMA),
      request: object({ client: string('Masked consumer id'), app: string('Masked app id'), ip: string() }),
      status: oneOfStrings(FLOW_STATUSES),
      cancelled: boolean('True for every unsuccessful end (rejected, cancelled, expired), so existing pollers stop'),
      signature: oneOfStrings(
        DOCUMENT_SIGNATURES,
        'Only on a document created with `signature: advanced`: each signee signs with their own certificate',
      ),
      pendingReason: string(
        'Every signee signed but the signed copy is not made yet: why the last attempt failed (a signing provider down or ' +
          'refusing, a timestamp authority); it is tried again',
      ),
    },
    { optional: ['signature', 'pendingReason'] },
  ),
);
addObservedViewSchema(DOCUMENT_SCHEMA);

const VERIFICATION_CODE = string('Four digits to show beside the request; the app shows the same ones');

export const DOCUMENT_CREATED_SCHEMAS = {
  signing: namedSchema(
    'DocumentSigningCreated',
    object({ request: DOCUMENT_SCHEMA, verificationCode: VERIFICATION_CODE }),
  ),
  review: namedSchema(
    'DocumentReviewCreated',
    object({
      link: string('The hosted review page'),
      request: DOCUMENT_SCHEMA,
      verificationCode: VERIFICATION_CODE,
    }),
  ),
};

export const DOCUMENT_REFRESH_SCHEMA = namedSchema('DocumentRefresh', object({ doc: DOCUMENT_SCHEMA }));

/** A document as a signee's device sees it: the flow's fields, and the file to show before signing. */
export const DOCUMENT_HOLDER_FLOW_SCHEMA = namedSchema(
  'DocumentHolderFlow',
  extending(
    HOLDER_FLOW_SCHEMA,
    object({
      document: object({
        name: string(),
        url: string('Where the device downloads the PDF to show it'),
        sha256: string(),
        pages: integer(),
        signeeStatus: oneOfStrings(SIGNEE_STATUSES, "This holder's own status as a signee"),
        signature: oneOfStrings(
          DOCUMENT_SIGNATURES,
          "What approving makes: `seal`, idflow's seal with the approval recorded beside it; `advanced`, the holder's " +
            'own signature by their certificate at the remote signing provider',
        ),
      }),
    }),
  ),
);

/** `data` of the audit route: the document's trail, oldest first. */
export const DOCUMENT_AUDIT_SCHEMA = namedSchema(
  'DocumentAuditTrail',
  object({
    flow: string(),
    events: arrayOf(
      namedSchema(
        'DocumentAuditEvent',
        object(
          {
            type: oneOfStrings(AUDIT_EVENT_TYPES),
            at: string('ISO 8601, UTC, to the millisecond'),
            nin: nullable(string('Masked')),
            deviceId: nullable(string()),
            ip: nullable(string()),
            digest: string('SHA-256 (hex) of the document at that moment'),
            reason: string("A decline's reason, when the signee gave one"),
          },
          { optional: ['reason'] },
        ),
      ),
      'Oldest first',
    ),
  }),
);
