import {
  type Schema,
  arrayOf,
  boolean,
  mapOf,
  object,
  oneOfStrings,
  string,
  unixSeconds,
} from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { FLOW_HINTS } from './flow-hint';
import { FLOW_KINDS, START_MODES } from './flow-kind';
import { FLOW_STATUSES } from './flow-state';

/** Response schemas of the flow engine's views (`FlowView`, `FlowRequestObject`, `QrStart`, `HolderFlowView`). */

const FLOW_STATUS = oneOfStrings(FLOW_STATUSES);

/** Released claims by group (spec 2.8): each value a JWE compact string for the app's RSA key. */
export const ENCRYPTED_CLAIMS = mapOf(
  mapOf(string('A JWE (RSA-OAEP-256, A256GCM) whose plaintext is the JSON text of the value')),
  'Released claims, nested by group as in the claim catalog',
);

/** The request object of spec 2.2, as creates answer it. */
export const FLOW_REQUEST_SCHEMA = namedSchema(
  'FlowRequest',
  object({
    id: string('`req_` and 24 base62 characters'),
    consumer: string('Masked consumer id'),
    app: string('Masked app id'),
    name: string("The app's name, as the person is shown it"),
    user: string('The target NIN (different-device); otherwise empty'),
    mode: oneOfStrings(FLOW_KINDS),
    action: string(),
    iat: unixSeconds(),
    exp: unixSeconds(),
    acquireClaims: arrayOf(string(), 'Claim keys asked for'),
    ip: string(),
    useragent: string(),
    payload: string(),
    signature: string('A JWT by the service key vouching for the flow; verify it with `/.well-known/jwks.json`'),
  }),
);

/** A flow as pollers see it: ping, cancel, polling, SSE (DESIGN section 5). */
export const FLOW_VIEW_SCHEMA = namedSchema(
  'FlowState',
  object(
    {
      id: string(),
      consumer: string('Masked consumer id'),
      app: string('Masked app id'),
      name: string(),
      user: string('The target NIN (different-device), the identified NIN once completed, otherwise empty'),
      mode: oneOfStrings(FLOW_KINDS),
      startMode: oneOfStrings(START_MODES),
      action: string(),
      payload: string(),
      acquireClaims: arrayOf(string()),
      iat: unixSeconds(),
      exp: unixSeconds(),
      lut: unixSeconds('Last change, Unix seconds'),
      ip: string(),
      useragent: string(),
      status: FLOW_STATUS,
      onsession: boolean('True once a device holds the flow'),
      cancelled: boolean('True for every unsuccessful end (cancelled, rejected, expired), so existing pollers stop'),
      hint: oneOfStrings(Object.keys(FLOW_HINTS), 'Where the flow stands, as a code an integrator maps to a message'),
      stamp: string("The origin stamp (the create response's `signature`)"),
      signature: string("Completed signing: the service's receipt, a JWS verifiable with the JWKS"),
      signedAt: unixSeconds('Completed signing: when the holder signed'),
      claims: ENCRYPTED_CLAIMS,
      subject: string('Completed identification: a stable pseudonymous id of the holder within this app'),
      reason: string(
        "A wallet flow (identification or signing) that ended rejected: why its wallet's presentation was refused",
      ),
      intendedUse: string(
        "A wallet flow (identification or signing): the app's registered intended use it was created under",
      ),
    },
    { optional: ['signature', 'signedAt', 'claims', 'subject', 'reason', 'intendedUse'] },
  ),
);

const observedViews: Schema[] = [FLOW_VIEW_SCHEMA];

/**
 * A kind with a presentation of its own adds the schema of its view (documents do), so the engine's answers name it
 * without the engine importing the kind.
 */
export function addObservedViewSchema(schema: Schema): void {
  observedViews.push(schema);
}

/** `data` of ping, cancel, polling and the simulator: the flow as it now stands, of whichever kind. */
export const OBSERVED_FLOW_SCHEMA = namedSchema(
  'ObservedFlow',
  object({ request: { oneOf: observedViews, description: 'An identification or signing flow, or a document' } }),
);

/** The animated QR code's start: the public token and the secret an integrator's backend keeps. */
export const QR_START_SCHEMA = namedSchema(
  'QrStart',
  object({
    startToken: string('Public: goes into every frame'),
    startSecret: string("Keep on your backend: each frame's code is the HMAC-SHA256 of its time under it"),
  }),
);

export const QR_FRAME_SCHEMA = namedSchema(
  'QrFrame',
  object({
    frame: string('`idflow://qr?token=&time=&code=`: the frame to draw this second'),
    time: unixSeconds('Whole seconds since the flow was created'),
  }),
);

export const ACCESS_GRANT_SCHEMA = namedSchema(
  'AccessToken',
  object({ token: string('The `x-access-token` for v1 routes: a JWT, valid one hour'), exp: unixSeconds() }),
);

/** A flow as the holder's device sees it (Wallet API). */
export const HOLDER_FLOW_SCHEMA = namedSchema(
  'HolderFlow',
  object(
    {
      id: string(),
      mode: oneOfStrings(FLOW_KINDS),
      startMode: oneOfStrings(START_MODES),
      action: string(),
      app: string('The name of the app that asks'),
      payload: string(),
      requestedClaims: arrayOf(string()),
      status: FLOW_STATUS,
      held: boolean('True when this device holds the flow'),
      exp: unixSeconds(),
      verificationCode: string('Pushed flows: the four digits the integrator shows too'),
      verificationChoices: arrayOf(string(), "Pushed flows with `verification: 'choice'`: three codes to pick from"),
      challenge: object(
        { flow: string(), payloadSha256: string() },
        { description: 'Signing and document flows: what the device signs to approve' },
      ),
    },
    { optional: ['verificationCode', 'verificationChoices', 'challenge'] },
  ),
);

const START_FIELDS = {
  request: FLOW_REQUEST_SCHEMA,
  link: string('Same-device: the link that opens the digital-ID app on this device'),
  seeds: arrayOf(string('`idflow://flow?seed=...`'), 'Wildcard: single-use QR seeds; the first scanned wins'),
  qr: QR_START_SCHEMA,
  verificationCode: string('Pushed flows: four digits to show beside the request; the app shows the same ones'),
};

/** `data` of a create answer: the request object and what each start mode adds (spec 2.3). */
export function startedFlowSchema(
  name: string,
  fields: Array<Exclude<keyof typeof START_FIELDS, 'request'>>,
  extra: Record<string, Schema> = {},
) {
  const chosen = Object.fromEntries(fields.map((field) => [field, START_FIELDS[field]]));
  return namedSchema(name, object({ request: START_FIELDS.request, ...chosen, ...extra }));
}
