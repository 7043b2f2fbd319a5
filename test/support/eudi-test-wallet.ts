import { createHash, createPrivateKey, sign, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { StatusList } from '@sd-jwt/jwt-status-list';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import {
  CompactEncrypt,
  SignJWT,
  type JWK,
  type JWTPayload,
  compactVerify,
  decodeProtectedHeader,
  exportJWK,
  importJWK,
} from 'jose';

/**
 * A test PID issuer and a test EU wallet, written for the tests from the specifications (OpenID4VP 1.0 with HAIP 1.0,
 * SD-JWT VC, DCQL) with @sd-jwt/*, @peculiar/x509 and jose, and nothing of idflow's verifier: what a real wallet does
 * with a flow's `openid4vp://` URI or Digital Credentials API request, so that the tests prove the verifier
 * interoperates rather than agrees with itself.
 */

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const ES256 = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

type KeyPair = webcrypto.CryptoKeyPair;

async function ecKeys(): Promise<KeyPair> {
  return webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
}

/** An ES256 signer for the sd-jwt library: base64url of the raw (r || s) signature, as JWS wants it. */
async function es256Signer(privateKey: webcrypto.CryptoKey): Promise<(data: string) => string> {
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', privateKey));
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  return (data) => sign('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
}

const sha256: (data: string | ArrayBuffer) => Uint8Array = (data) =>
  createHash('sha256')
    .update(typeof data === 'string' ? data : Buffer.from(data))
    .digest();

export interface TestIssuerOptions {
  /** The issuer's own certificate ended this long ago (an expired issuer). */
  expiredDaysAgo?: number;
}

/** A credential's entry in a Token Status List (IETF Token Status List, section 6.2). */
export interface StatusListEntry {
  uri: string;
  idx: number;
}

/** How a status list token is made: its `ttl`, and a spoiled one for the refusals. */
export interface StatusListTokenOptions {
  ttl?: number;
  /** A `sub` other than the URI it is served from. */
  sub?: string;
  /** How far ahead of ours the issuer's clock runs, which its `iat` shows. */
  clockAheadSeconds?: number;
}

/** A PID issuer: a CA and a document-signer certificate it issues, both P-256. */
export class TestPidIssuer {
  private constructor(
    readonly caPem: string,
    readonly leaf: x509.X509Certificate,
    readonly keys: KeyPair,
  ) {}

  static async create(name: string, options: TestIssuerOptions = {}): Promise<TestPidIssuer> {
    const caKeys = await ecKeys();
    const ca = await x509.X509CertificateGenerator.createSelfSigned({
      name: `CN=${name} CA`,
      keys: caKeys,
      signingAlgorithm: ES256,
      notBefore: new Date(Date.now() - 10 * DAY),
      notAfter: new Date(Date.now() + 365 * DAY),
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
      ],
    });
    const keys = await ecKeys();
    const ended = options.expiredDaysAgo;
    const leaf = await x509.X509CertificateGenerator.create({
      // ISO 18013-5 wants the document signer's country in its subject; an SD-JWT VC's issuer is indifferent to it.
      subject: `CN=${name}, C=DE`,
      issuer: ca.subject,
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      signingAlgorithm: ES256,
      notBefore: new Date(Date.now() - 9 * DAY),
      notAfter: new Date(Date.now() + (ended === undefined ? 365 * DAY : -ended * DAY)),
      extensions: [new x509.BasicConstraintsExtension(false, undefined, true)],
    });
    return new TestPidIssuer(ca.toString('pem'), leaf, keys);
  }

  /** A PID (SD-JWT VC, `vct` urn:eudi:pid:1) with every attribute selectively disclosable, bound to the holder key. */
  async issue(attributes: Record<string, unknown>, holderKey: JWK, status?: StatusListEntry): Promise<string> {
    const sdJwt = new SDJwtVcInstance({
      hasher: sha256,
      hashAlg: 'sha-256',
      signer: await es256Signer(this.keys.privateKey),
      signAlg: 'ES256',
      saltGenerator: () => Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('base64url'),
    });
    const now = Math.floor(Date.now() / 1000);
    return sdJwt.issue(
      {
        iss: 'https://pid-issuer.test',
        iat: now,
        exp: now + 365 * 86_400,
        vct: 'urn:eudi:pid:1',
        cnf: { jwk: holderKey },
        ...(status ? { status: { status_list: status } } : {}),
        ...attributes,
      },
      { _sd: Object.keys(attributes) } as never,
      { header: { x5c: [Buffer.from(this.leaf.rawData).toString('base64')], typ: 'dc+sd-jwt' } },
    );
  }

  /**
   * A status list token (IETF Token Status List, section 5.1): a JWT of type `statuslist+jwt` signed by this issuer's
   * certificate (in `x5c`), `sub` the URI it is served at, and `status_list` the statuses (1 bit each: 0 VALID, 1
   * INVALID) compressed by the sd-jwt status list library.
   */
  async statusListToken(uri: string, statuses: number[], options: StatusListTokenOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000) + (options.clockAheadSeconds ?? 0);
    return new SignJWT({
      sub: options.sub ?? uri,
      iat: now,
      exp: now + 86_400,
      ...(options.ttl === undefined ? {} : { ttl: options.ttl }),
      status_list: { bits: 1, lst: new StatusList(statuses, 1).compressStatusList() },
    })
      .setProtectedHeader({
        alg: 'ES256',
        typ: 'statuslist+jwt',
        x5c: [Buffer.from(this.leaf.rawData).toString('base64')],
      })
      .sign(this.keys.privateKey);
  }
}

/** What the wallet read from a flow's request object, after checking its signature and client identifier. */
export interface ReadRequest {
  clientId: string;
  /** Whom the key binding JWT names: the client_id, or over the Digital Credentials API `origin:` and the page's. */
  audience: string;
  nonce: string;
  state: string;
  responseUri: string;
  /** The claims path pointers the DCQL query asks for, each joined by dots. */
  requestedPaths: string[];
  /** The data elements of the PID namespace the query's mdoc option asks for. */
  mdocElements: string[];
  /** The page's origin, for a Digital Credentials API request. */
  origin?: string;
  /** The response encryption key of client_metadata.jwks. */
  encryptionKey: JWK;
  payload: JWTPayload;
}

/** How a test spoils an answer, to see the verifier refuse it. */
export interface Spoilers {
  /** Change one character of the issuer's signature. */
  badIssuerSignature?: boolean;
  /** Leave the key binding JWT out. */
  noKeyBinding?: boolean;
  /** Sign the key binding JWT with a key the credential is not bound to. */
  wrongKeyBindingKey?: boolean;
  /** Present this SD-JWT VC (with its key binding) as it is, instead of making one for this request. */
  replay?: string;
  /**
   * The key binding JWT's `transaction_data_hashes` instead of the hashes of the request's transaction data: other
   * values (a tampered transaction), or `null` to leave them out.
   */
  transactionDataHashes?: string[] | null;
}

/** A wallet holding one PID: it reads a request, asks nothing of the person, and answers with the claims asked for. */
export class TestWallet {
  private constructor(
    private readonly holder: KeyPair,
    private readonly credential: string,
  ) {}

  static async holding(
    issuer: TestPidIssuer,
    attributes: Record<string, unknown>,
    status?: StatusListEntry,
  ): Promise<TestWallet> {
    const holder = await ecKeys();
    return new TestWallet(holder, await issuer.issue(attributes, await exportJWK(holder.publicKey), status));
  }

  /**
   * Reads a request object (OpenID4VP 1.0 5, HAIP 1.0): a JWS of type `oauth-authz-req+jwt` signed by the key of the
   * leaf of its `x5c`, whose client identifier is `x509_hash:` and the base64url SHA-256 of that leaf's DER.
   */
  static async readRequest(uri: string, requestObject: string): Promise<ReadRequest> {
    const read = await TestWallet.verifyRequestObject(requestObject);
    if (new URL(uri).searchParams.get('client_id') !== read.clientId) {
      throw new Error(`the URI's client_id is not the certificate's hash ${read.clientId}`);
    }
    if (read.payload.response_mode !== 'direct_post.jwt') {
      throw new Error(`response_mode ${String(read.payload.response_mode)}`);
    }
    return { ...read, audience: read.clientId };
  }

  /**
   * Reads what a page passes to `navigator.credentials.get({ digital: { requests: [request] } })`, as a wallet does
   * with what the browser hands it from a page of `origin` (OpenID4VP 1.0 appendix A.3): protocol
   * `openid4vp-v1-signed`, `data.request` a signed request object for `dc_api.jwt` that names `origin` among its
   * `expected_origins` and has no response address (the answer goes back through the browser).
   */
  static async readDigitalCredentialsRequest(
    request: { protocol: string; data: { request: string } },
    origin: string,
  ): Promise<ReadRequest> {
    if (request.protocol !== 'openid4vp-v1-signed') throw new Error(`protocol ${request.protocol}`);
    const read = await TestWallet.verifyRequestObject(request.data.request);
    const { payload } = read;
    if (payload.response_mode !== 'dc_api.jwt') throw new Error(`response_mode ${String(payload.response_mode)}`);
    const expected = payload.expected_origins as string[] | undefined;
    if (!expected?.includes(origin)) throw new Error(`${origin} is not among expected_origins ${String(expected)}`);
    if (payload.response_uri !== undefined || payload.redirect_uri !== undefined) {
      throw new Error('a Digital Credentials API request names no response address');
    }
    return { ...read, audience: `origin:${origin}`, origin };
  }

  private static async verifyRequestObject(requestObject: string): Promise<Omit<ReadRequest, 'audience'>> {
    const header = decodeProtectedHeader(requestObject);
    if (header.typ !== 'oauth-authz-req+jwt') throw new Error(`request object typ ${String(header.typ)}`);
    const [leafBase64] = header.x5c ?? [];
    const leaf = new x509.X509Certificate(Buffer.from(leafBase64, 'base64'));
    const { payload } = await compactVerify(requestObject, await leaf.publicKey.export(), { algorithms: ['ES256'] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as JWTPayload & Record<string, unknown>;
    const expectedClientId = `x509_hash:${createHash('sha256').update(Buffer.from(leaf.rawData)).digest('base64url')}`;
    if (claims.client_id !== expectedClientId) {
      throw new Error(`client_id ${String(claims.client_id)} is not the certificate's hash ${expectedClientId}`);
    }
    const dcql = claims.dcql_query as {
      credentials: Array<{ id: string; format: string; claims: Array<{ path: string[] }> }>;
    };
    const sdJwtQuery = dcql.credentials.find((query) => query.format === 'dc+sd-jwt');
    const mdocQuery = dcql.credentials.find((query) => query.format === 'mso_mdoc');
    // Both forms unless the app's intended use registered one only.
    if (!sdJwtQuery && !mdocQuery) throw new Error('the DCQL query must offer a PID in one form at least');
    if (mdocQuery?.claims.some((claim) => claim.path.length !== 2 || claim.path[0] !== 'eu.europa.ec.eudi.pid.1')) {
      throw new Error('an mdoc claims path is [namespace, data element] (OpenID4VP 1.0 section 7.2)');
    }
    const metadata = claims.client_metadata as { jwks: { keys: JWK[] } };
    return {
      clientId: expectedClientId,
      nonce: claims.nonce as string,
      state: claims.state as string,
      responseUri: claims.response_uri as string,
      requestedPaths: (sdJwtQuery?.claims ?? []).map((claim) => claim.path.join('.')),
      mdocElements: (mdocQuery?.claims ?? []).map((claim) => claim.path[1]),
      encryptionKey: metadata.jwks.keys[0],
      payload: claims,
    };
  }

  /** The presentation for this request: only the requested attributes disclosed, and a key binding JWT over it. */
  async present(request: ReadRequest, spoilers: Spoilers = {}): Promise<string> {
    if (spoilers.replay) return spoilers.replay;
    const topLevel = [...new Set(request.requestedPaths.map((path) => path.split('.')[0]))];
    const frame = Object.fromEntries(topLevel.map((name) => [name, true]));
    const kbKeys = spoilers.wrongKeyBindingKey ? await ecKeys() : this.holder;
    const sdJwt = new SDJwtVcInstance({
      hasher: sha256,
      kbSigner: await es256Signer(kbKeys.privateKey),
      kbSignAlg: 'ES256',
    });
    const binding = { iat: Math.floor(Date.now() / 1000), aud: request.audience, nonce: request.nonce };
    let presentation = spoilers.noKeyBinding
      ? await sdJwt.present(this.credential, frame)
      : await sdJwt.present(this.credential, frame, {
          kb: { payload: { ...binding, ...TestWallet.transactionDataBinding(request, spoilers) } },
        });
    if (spoilers.badIssuerSignature) {
      const [jwt, ...rest] = presentation.split('~');
      const signature = jwt.split('.')[2];
      const flipped = (signature[5] === 'A' ? 'B' : 'A') + signature.slice(6);
      presentation = [jwt.replace(signature, signature.slice(0, 5) + flipped), ...rest].join('~');
    }
    return presentation;
  }

  /**
   * What the person approved, bound into the key binding JWT (OpenID4VP 1.0 B.3.3): the base64url SHA-256 of each
   * `transaction_data` string of the request as received, under `sha-256`.
   */
  private static transactionDataBinding(request: ReadRequest, spoilers: Spoilers): Record<string, unknown> {
    const transactionData = request.payload.transaction_data as string[] | undefined;
    if (!transactionData || spoilers.transactionDataHashes === null) return {};
    const hashes =
      spoilers.transactionDataHashes ??
      transactionData.map((entry) => createHash('sha256').update(entry).digest('base64url'));
    return { transaction_data_hashes: hashes, transaction_data_hashes_alg: 'sha-256' };
  }

  /**
   * The `direct_post.jwt` body, or the `response` of a `dc_api.jwt` answer: `{ vp_token, state }` encrypted (ECDH-ES,
   * A128GCM) to the request's key.
   */
  static async encryptResponse(request: ReadRequest, presentation: string, queryId = 'pid'): Promise<string> {
    return TestWallet.encrypt(request, { vp_token: { [queryId]: [presentation] }, state: request.state });
  }

  /**
   * The wallet's error response (OpenID4VP 1.0 8.5, RFC 6749 4.1.2.1), as `direct_post.jwt` carries it: `{ error,
   * error_description, state }` encrypted to the request's key.
   */
  static async encryptErrorResponse(request: ReadRequest, error: string, description?: string): Promise<string> {
    return TestWallet.encrypt(request, { error, error_description: description, state: request.state });
  }

  /** Any authorization response parameters, encrypted (ECDH-ES, A128GCM) to the request's key. */
  static async encrypt(request: ReadRequest, parameters: Record<string, unknown>): Promise<string> {
    const key = await importJWK(request.encryptionKey, 'ECDH-ES');
    return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(parameters)))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: request.encryptionKey.kid })
      .encrypt(key);
  }
}
