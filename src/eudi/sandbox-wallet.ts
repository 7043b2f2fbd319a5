import { createHash, randomBytes, webcrypto } from 'node:crypto';
import {
  CoseKey,
  DateOnly,
  DeviceKey,
  DeviceRequest,
  DeviceResponse,
  DocRequest,
  Issuer,
  ItemsRequest,
  SessionTranscript,
  SignatureAlgorithm,
} from '@owf/mdoc';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { CompactEncrypt, type JWK, calculateJwkThumbprint, decodeJwt, exportJWK, importJWK } from 'jose';
import type { ClaimValues } from '../persons/claim-values';
import { EC_KEY } from './eudi-certificates';
import { mdocContext } from './mdoc-context';
import {
  AGE_ATTESTATION_DOCTYPE,
  NIN_ATTRIBUTE,
  PID_DOCTYPE,
  PID_QUERY_IDS,
  PID_VCT,
  type PidFormat,
  pidAttributesOf,
} from './pid-claims';
import type { StatusListEntry } from './sandbox-status-list';
import type { SandboxCredential } from './sandbox-credentials';
import { type SigningCertificate, x5cOf } from './signing-certificate';
import { TRANSACTION_DATA_HASH_ALGORITHM, transactionDataHash } from './transaction-data';

const PID_LIFETIME_SECONDS = 365 * 86_400;

interface RequestObject {
  client_id: string;
  nonce: string;
  state: string;
  response_uri: string;
  dcql_query: { credentials: Array<{ id: string; claims?: Array<{ path: string[] }> }> };
  client_metadata: { jwks: { keys: JWK[] } };
  transaction_data?: string[];
}

/** The mdoc doctype each mdoc the sandbox wallet holds is of, and the credential query it answers. */
const MDOCS = {
  mso_mdoc: { doctype: PID_DOCTYPE, query: PID_QUERY_IDS.mso_mdoc },
  av_mdoc: { doctype: AGE_ATTESTATION_DOCTYPE, query: 'av_mdoc' },
} as const;

/** A test person as the sandbox PID issuer knows them: their NIN and their catalog claims. */
export interface SandboxPidSubject {
  nin: string;
  claims: ClaimValues;
}

/**
 * The sandbox's own wallet: it holds a PID, in the form asked, that the sandbox PID issuer issues to a test person and
 * binds to `holder`, and answers a flow's request object as a wallet would (the requested attributes disclosed, a key
 * binding JWT or device signature over the request, the response encrypted to the flow's key), so
 * `POST /api/v2/sandbox/flows/{id}/present` goes through the verifier a real wallet reaches.
 */
export async function sandboxWalletResponse(
  requestObject: string,
  issuer: SigningCertificate,
  person: SandboxPidSubject,
  credential: SandboxCredential,
  holder: webcrypto.CryptoKeyPair,
  status?: StatusListEntry,
): Promise<string> {
  const request = decodeJwt(requestObject) as unknown as RequestObject;
  const [key] = request.client_metadata.jwks.keys;
  const queryId = credential === 'dc+sd-jwt' ? PID_QUERY_IDS[credential] : MDOCS[credential].query;
  const asked = (request.dcql_query.credentials.find((query) => query.id === queryId)?.claims ?? []).map(
    (claim) => claim.path,
  );
  const presentation =
    credential === 'dc+sd-jwt'
      ? await sdJwtPresentation(request, issuer, holder, person, asked, status)
      : await mdocPresentation(request, key, issuer, holder, person, asked, MDOCS[credential].doctype);
  const body = JSON.stringify({ vp_token: { [queryId]: [presentation] }, state: request.state });
  return new CompactEncrypt(new TextEncoder().encode(body))
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'ECDH-ES'));
}

async function sdJwtPresentation(
  request: RequestObject,
  issuer: SigningCertificate,
  holder: webcrypto.CryptoKeyPair,
  person: SandboxPidSubject,
  asked: string[][],
  status: StatusListEntry | undefined,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const sdJwt = new SDJwtVcInstance({
    hasher: (data) => sha256(data),
    hashAlg: 'sha-256',
    signer: es256Signer(issuer.privateKey),
    signAlg: 'ES256',
    kbSigner: es256Signer(holder.privateKey),
    kbSignAlg: 'ES256',
    saltGenerator: () => randomBytes(16).toString('base64url'),
  });
  const attributes = pidOf(person, 'dc+sd-jwt');
  const credential = await sdJwt.issue(
    {
      iss: 'idflow-sandbox-pid-issuer',
      iat: now,
      exp: now + PID_LIFETIME_SECONDS,
      vct: PID_VCT,
      cnf: { jwk: await exportJWK(holder.publicKey) },
      ...(status ? { status: { status_list: status } } : {}),
      ...attributes,
    },
    disclosureFrameOf(attributes),
    { header: { typ: 'dc+sd-jwt', x5c: x5cOf(issuer) } },
  );
  // The person approves the transaction the request shows them: the key binding JWT binds each of its entries.
  const approved = request.transaction_data
    ? {
        transaction_data_hashes: request.transaction_data.map(transactionDataHash),
        transaction_data_hashes_alg: TRANSACTION_DATA_HASH_ALGORITHM,
      }
    : {};
  return sdJwt.present(credential, presentationFrameOf(asked), {
    kb: { payload: { iat: now, aud: request.client_id, nonce: request.nonce, ...approved } },
  });
}

/**
 * An mdoc (ISO 18013-5) of this doctype issued with the mdoc library, its asked elements disclosed in a DeviceResponse
 * signed by the holder's key over the OpenID4VP session transcript (OpenID4VP 1.0 B.2.6): a PID, or an age
 * attestation holding the PID's `age_over_NN` elements alone.
 */
async function mdocPresentation(
  request: RequestObject,
  responseKey: JWK,
  issuer: SigningCertificate,
  holder: webcrypto.CryptoKeyPair,
  person: SandboxPidSubject,
  asked: string[][],
  doctype: string,
): Promise<string> {
  const now = new Date();
  const pid = pidOf(person, 'mso_mdoc');
  const attributes =
    doctype === AGE_ATTESTATION_DOCTYPE
      ? Object.fromEntries(Object.entries(pid).filter(([element]) => element.startsWith('age_over_')))
      : pid;
  if (typeof attributes.birth_date === 'string') attributes.birth_date = new DateOnly(attributes.birth_date);
  const issuerSigned = await new Issuer(doctype, mdocContext).addIssuerNamespace(doctype, attributes).sign({
    signingKey: CoseKey.fromJwk(await exportJWK(issuer.privateKey)),
    algorithm: SignatureAlgorithm.ES256,
    digestAlgorithm: 'SHA-256',
    validityInfo: { signed: now, validFrom: now, validUntil: new Date(now.getTime() + PID_LIFETIME_SECONDS * 1000) },
    deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(await exportJWK(holder.publicKey)) },
    certificates: issuer.chain.map((certificate) => new Uint8Array(certificate.rawData)),
  });
  const elements = Object.fromEntries(asked.map((path) => [path[1], false]));
  const deviceRequest = DeviceRequest.create({
    docRequests: [
      DocRequest.create({
        itemsRequest: ItemsRequest.create({ docType: doctype, namespaces: { [doctype]: elements } }),
      }),
    ],
  });
  const sessionTranscript = await SessionTranscript.forOid4Vp(
    {
      clientId: request.client_id,
      responseUri: request.response_uri,
      nonce: request.nonce,
      jwkThumbprint: Buffer.from(await calculateJwkThumbprint(responseKey), 'base64url'),
    },
    mdocContext,
  );
  const response = await DeviceResponse.createWithDeviceRequest(
    {
      deviceRequest,
      sessionTranscript,
      issuerSigned: [issuerSigned],
      signature: { signingKey: CoseKey.fromJwk({ ...(await exportJWK(holder.privateKey)), alg: 'ES256' }) },
    },
    mdocContext,
  );
  return response.encodedForOid4Vp;
}

/** The PID the sandbox issuer gives a test person: their catalog claims, and their NIN as the PID Rulebook names it. */
function pidOf(person: SandboxPidSubject, format: PidFormat): Record<string, unknown> {
  return { ...pidAttributesOf(person.claims, format), [NIN_ATTRIBUTE]: person.nin };
}

/**
 * Every attribute disclosable on its own, and each of `age_equal_or_over`'s thresholds within it, so that a wallet
 * asked whether the person is over 18 discloses that alone (PID Rulebook).
 */
function disclosureFrameOf(attributes: Record<string, unknown>): Record<string, unknown> {
  const ages = attributes.age_equal_or_over as Record<string, boolean> | undefined;
  return { _sd: Object.keys(attributes), ...(ages ? { age_equal_or_over: { _sd: Object.keys(ages) } } : {}) };
}

/** What the wallet discloses: each asked path, down to a nested disclosure where the credential has one. */
interface PresentationFrame {
  [name: string]: boolean | PresentationFrame;
}

function presentationFrameOf(asked: string[][]): PresentationFrame {
  const frame: PresentationFrame = {};
  for (const path of asked) {
    let parent = frame;
    for (const step of path.slice(0, -1)) {
      const child = parent[step];
      parent = parent[step] = typeof child === 'object' ? child : {};
    }
    parent[path[path.length - 1]] = true;
  }
  return frame;
}

function es256Signer(key: webcrypto.CryptoKey): (data: string) => Promise<string> {
  return async (data) => {
    const signature = await webcrypto.subtle.sign(
      { name: EC_KEY.name, hash: 'SHA-256' },
      key,
      new TextEncoder().encode(data),
    );
    return Buffer.from(signature).toString('base64url');
  };
}

function sha256(data: string | ArrayBuffer): Buffer {
  return createHash('sha256')
    .update(typeof data === 'string' ? data : Buffer.from(data))
    .digest();
}
