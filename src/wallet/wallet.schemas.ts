import {
  arrayOf,
  boolean,
  integer,
  mapOf,
  object,
  oneOfStrings,
  string,
  unixSeconds,
} from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { DEVICE_ALGORITHMS } from '../devices/device-algorithm';
import { DOCUMENT_HOLDER_FLOW_SCHEMA } from '../documents/document.schemas';
import { HOLDER_FLOW_SCHEMA } from '../flows/flow.schemas';
import { PASSKEY_STATES } from '../devices/passkey-state';

/** A flow as the device sees it, a document adding the file to show. */
const ANY_HOLDER_FLOW = { anyOf: [DOCUMENT_HOLDER_FLOW_SCHEMA, HOLDER_FLOW_SCHEMA] };

export const HOLDER_FLOW_ANSWER_SCHEMA = namedSchema('HolderFlowAnswer', object({ flow: ANY_HOLDER_FLOW }));

export const INBOX_SCHEMA = namedSchema(
  'Inbox',
  object({
    flows: arrayOf(ANY_HOLDER_FLOW, 'Newest first'),
    passkey: oneOfStrings(
      PASSKEY_STATES,
      "This device's passkey: `registered` (every approval needs it), `revoked` by an operator (approvals are refused " +
        'until a new one is registered), or `none`',
    ),
  }),
);

export const ENROLLED_DEVICE_SCHEMA = namedSchema(
  'EnrolledDevice',
  object({
    device: object({ id: string(), nin: string(), alg: oneOfStrings(DEVICE_ALGORITHMS), label: string() }),
  }),
);

const CHALLENGE = string('Base64url; issued to this device only, valid 5 minutes, answered once');
const AS_THE_BROWSER_TAKES_THEM = 'as @simplewebauthn/browser or PublicKeyCredential.parse*OptionsFromJSON take them';
const CREDENTIAL_DESCRIPTOR = object(
  { id: string('Base64url credential id'), type: string(), transports: arrayOf(string()) },
  { optional: ['transports'] },
);

export const PASSKEY_CREATION_OPTIONS_SCHEMA = namedSchema(
  'PasskeyCreationOptions',
  object({
    options: object(
      {
        challenge: CHALLENGE,
        rp: object({ id: string(), name: string() }),
        user: object({ id: string('Base64url user handle'), name: string(), displayName: string() }),
        pubKeyCredParams: arrayOf(object({ alg: integer('COSE algorithm'), type: string() })),
        timeout: integer('Milliseconds'),
        attestation: string(),
        excludeCredentials: arrayOf(CREDENTIAL_DESCRIPTOR),
        authenticatorSelection: object(
          { residentKey: string(), userVerification: string(), requireResidentKey: boolean() },
          { optional: ['requireResidentKey'] },
        ),
        extensions: mapOf(boolean()),
        hints: arrayOf(string()),
      },
      {
        optional: ['timeout', 'excludeCredentials', 'extensions', 'hints'],
        description:
          'PublicKeyCredentialCreationOptionsJSON (user verification required, resident key preferred), ' +
          AS_THE_BROWSER_TAKES_THEM,
      },
    ),
  }),
);

export const PASSKEY_REQUEST_OPTIONS_SCHEMA = namedSchema(
  'PasskeyRequestOptions',
  object({
    options: object(
      {
        rpId: string(),
        challenge: CHALLENGE,
        allowCredentials: arrayOf(CREDENTIAL_DESCRIPTOR, "The device's own passkey"),
        timeout: integer('Milliseconds'),
        userVerification: string(),
      },
      {
        optional: ['timeout'],
        description: `PublicKeyCredentialRequestOptionsJSON (user verification required), ${AS_THE_BROWSER_TAKES_THEM}`,
      },
    ),
  }),
);

export const REGISTERED_PASSKEY_SCHEMA = namedSchema(
  'RegisteredPasskey',
  object({ passkey: object({ deviceId: string(), createdAt: unixSeconds() }) }),
);

export const PUSH_SETTINGS_SCHEMA = namedSchema(
  'PushSettings',
  object({
    push: object({
      applicationServerKey: string("The service's VAPID public key, base64url: `PushManager.subscribe`'s key"),
      subscribed: boolean('Whether this device has a push subscription'),
    }),
  }),
);

export const HISTORY_SCHEMA = namedSchema(
  'HolderHistory',
  object({
    history: arrayOf(
      object({
        flowId: string(),
        mode: string('identification, signing or document'),
        action: string(),
        app: string('The app that asked'),
        status: oneOfStrings(['completed', 'rejected']),
        answeredAt: unixSeconds(),
        releasedClaims: arrayOf(string(), 'Claim keys released, for an approved identification'),
        byThisDevice: boolean(),
      }),
      'The latest answer first, at most 50',
    ),
  }),
);

export const REMOVED_DEVICE_SCHEMA = namedSchema(
  'RemovedDevice',
  object({ device: object({ id: string(), revokedAt: unixSeconds() }) }),
);
