import { createHash, createPrivateKey, randomBytes, sign, webcrypto } from 'node:crypto';
import {
  CoseKey,
  DeviceKey,
  DeviceRequest,
  DeviceResponse,
  DocRequest,
  type IssuerSigned,
  Issuer,
  ItemsRequest,
  type MdocContext,
  SignatureAlgorithm,
} from '@owf/mdoc';
import { encode } from 'cbor-x';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import type { ReadRequest, TestPidIssuer } from './eudi-test-wallet';

/**
 * A test wallet holding the PID as an ISO mdoc (ISO 18013-5, doctype `eu.europa.ec.eudi.pid.1`), answering over
 * OpenID4VP 1.0 (appendix B.2): the requested data elements disclosed in a DeviceResponse whose device signature
 * covers a session transcript built here by hand from the specification, with the mdoc library for the CBOR
 * structures and a COSE signer of its own, so nothing of idflow's verifier takes part.
 */

const DOCTYPE = 'eu.europa.ec.eudi.pid.1';
const DAY = 86_400_000;

/** What the mdoc library needs to issue and to sign as a device: SHA-256 and ECDSA with raw (r || s) signatures. */
const context: Pick<MdocContext, 'crypto' | 'cose'> = {
  crypto: {
    random: (length) => randomBytes(length),
    digest: ({ bytes }) => createHash('sha256').update(bytes).digest(),
    calculateEphemeralMacKey: () => {
      throw new Error('the test wallet signs; it does not MAC');
    },
  },
  cose: {
    sign1: {
      sign: ({ toBeSigned, key }) =>
        sign('sha256', toBeSigned, {
          key: createPrivateKey({ key: key.jwk, format: 'jwk' }),
          dsaEncoding: 'ieee-p1363',
        }),
      verify: () => {
        throw new Error('the test wallet verifies nothing');
      },
    },
    mac0: {
      sign: () => {
        throw new Error('the test wallet does not MAC');
      },
      verify: () => false,
    },
  },
};

export interface MdocIssueOptions {
  /** The MSO's validity ended this many days ago. */
  expiredDaysAgo?: number;
  /** The MSO is signed with a key other than the issuer certificate's. */
  badIssuerSignature?: boolean;
}

/** How a test spoils an mdoc answer. */
export interface MdocSpoilers {
  /** Sign the DeviceResponse with a key the MSO does not bind. */
  wrongDeviceKey?: boolean;
  /** Present this DeviceResponse as it is, instead of making one for this request. */
  replay?: string;
}

async function es256CoseKey(key: webcrypto.CryptoKey): Promise<CoseKey> {
  return CoseKey.fromJwk({ ...(await exportJWK(key)), alg: 'ES256' });
}

async function ecKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
}

/**
 * The session transcript of OpenID4VP 1.0 B.2.6.1 (redirects and `direct_post.jwt`) or B.2.6.2 (the Digital
 * Credentials API): `[null, null, [handover name, SHA-256 of the CBOR of the handover info]]`, the info holding the
 * verifier's client_id and response_uri, or the page's origin, with the nonce and the response key's thumbprint.
 */
async function sessionTranscript(request: ReadRequest): Promise<Uint8Array> {
  const thumbprint = Buffer.from(await calculateJwkThumbprint(request.encryptionKey), 'base64url');
  const [name, info] = request.origin
    ? ['OpenID4VPDCAPIHandover', [request.origin, request.nonce, thumbprint]]
    : ['OpenID4VPHandover', [request.clientId, request.nonce, thumbprint, request.responseUri]];
  return encode([null, null, [name, createHash('sha256').update(encode(info)).digest()]]);
}

export class TestMdocWallet {
  private constructor(
    private readonly holder: webcrypto.CryptoKeyPair,
    private readonly issuerSigned: IssuerSigned,
  ) {}

  /** A wallet whose PID mdoc the issuer signed over these data elements, bound to a key of the wallet's own. */
  static async holding(
    issuer: TestPidIssuer,
    elements: Record<string, unknown>,
    options: MdocIssueOptions = {},
  ): Promise<TestMdocWallet> {
    const holder = await ecKeys();
    const now = Date.now();
    const validUntil = options.expiredDaysAgo === undefined ? now + 365 * DAY : now - options.expiredDaysAgo * DAY;
    const signer = options.badIssuerSignature ? (await ecKeys()).privateKey : issuer.keys.privateKey;
    const issuerSigned = await new Issuer(DOCTYPE, context).addIssuerNamespace(DOCTYPE, elements).sign({
      signingKey: await es256CoseKey(signer),
      algorithm: SignatureAlgorithm.ES256,
      digestAlgorithm: 'SHA-256',
      validityInfo: {
        signed: new Date(Math.min(now, validUntil) - DAY),
        validFrom: new Date(Math.min(now, validUntil) - DAY),
        validUntil: new Date(validUntil),
      },
      deviceKeyInfo: { deviceKey: DeviceKey.fromJwk(await exportJWK(holder.publicKey)) },
      certificates: [new Uint8Array(issuer.leaf.rawData)],
    });
    return new TestMdocWallet(holder, issuerSigned);
  }

  /** The base64url DeviceResponse for this request: only the asked elements, device-signed over its transcript. */
  async present(request: ReadRequest, spoilers: MdocSpoilers = {}): Promise<string> {
    if (spoilers.replay) return spoilers.replay;
    const deviceRequest = DeviceRequest.create({
      docRequests: [
        DocRequest.create({
          itemsRequest: ItemsRequest.create({
            docType: DOCTYPE,
            namespaces: { [DOCTYPE]: Object.fromEntries(request.mdocElements.map((element) => [element, false])) },
          }),
        }),
      ],
    });
    const deviceKey = spoilers.wrongDeviceKey ? (await ecKeys()).privateKey : this.holder.privateKey;
    const response = await DeviceResponse.createWithDeviceRequest(
      {
        deviceRequest,
        sessionTranscript: await sessionTranscript(request),
        issuerSigned: [this.issuerSigned],
        signature: { signingKey: await es256CoseKey(deviceKey) },
      },
      context,
    );
    return response.encodedForOid4Vp;
  }
}
