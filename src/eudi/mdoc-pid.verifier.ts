import { DateOnly, DeviceResponse, type Document, SessionTranscript, Verifier } from '@owf/mdoc';
import type { X509Certificate } from '@peculiar/x509';
import type { JWK } from 'jose';
import { PresentationRefusedError } from './errors/presentation-refused.error';
import { mdocContext } from './mdoc-context';
import { AGE_ATTESTATION_DOCTYPE, PID_DOCTYPE } from './pid-claims';
import type { VerifiedPid } from './sd-jwt-pid.verifier';

/**
 * What the device signature must cover (OpenID4VP 1.0 appendix B.2.6): the session transcript of this request, made of
 * the verifier's client_id and response address (or, over the Digital Credentials API, the page's origin), the flow's
 * nonce, and the thumbprint of the key the response was encrypted to.
 */
export type MdocTranscript =
  | { clientId: string; responseUri: string; nonce: string; jwkThumbprint: Uint8Array }
  | { origin: string; nonce: string; jwkThumbprint: Uint8Array };

/**
 * Verifies a PID presented as an ISO mdoc (a base64url DeviceResponse, OpenID4VP 1.0 appendix B.2) with the mdoc
 * library: one document of the PID doctype (or of the age attestation's, whose elements prove the `age` claims alone,
 * since their names are the PID's `age_over_NN`), its issuer-signed MSO by a certificate chaining to the trust list and
 * valid now, each disclosed element against its value digest, and the device signature, by the key the MSO binds,
 * over this request's session transcript. A presentation made for another request (another nonce, verifier or
 * response key) fails that last check.
 */
export async function verifyMdocPid(
  presentation: string,
  anchors: readonly X509Certificate[],
  transcript: MdocTranscript,
  now = new Date(),
): Promise<VerifiedPid> {
  const { response, document } = pidResponseOf(presentation);
  if (anchors.length === 0) throw notOnTrustList(document);
  const sessionTranscript =
    'origin' in transcript
      ? await SessionTranscript.forOid4VpDcApi(transcript, mdocContext)
      : await SessionTranscript.forOid4Vp(transcript, mdocContext);
  let refusal: PresentationRefusedError | undefined;
  try {
    await Verifier.verifyDeviceResponse(
      {
        deviceResponse: response,
        sessionTranscript,
        trustedCertificates: anchors.map((anchor) => new Uint8Array(anchor.rawData)),
        now,
        // The library reports each check; the first that fails decides, and stops the verification there.
        onCheck: (item) => {
          if (item.status !== 'FAILED') return;
          refusal ??= refusalOf(item.check, item.reason);
          throw refusal;
        },
      },
      mdocContext,
    );
  } catch (error) {
    throw refusal ?? new PresentationRefusedError(`The mdoc does not verify: ${messageOf(error)}`);
  }
  const mso = document.issuerSigned.issuerAuth.mobileSecurityObject;
  const disclosed = plain(document.issuerSigned.getPrettyClaims(document.docType) ?? {}) as Record<string, unknown>;
  // An age attestation's issuer vouches for ages only, whatever else its document holds or whichever query it answers.
  const claims =
    document.docType === AGE_ATTESTATION_DOCTYPE
      ? Object.fromEntries(Object.entries(disclosed).filter(([element]) => /^age_over_\d+$/.test(element)))
      : disclosed;
  return { claims, holderKey: publicJwkOf(mso.deviceKeyInfo.deviceKey.jwk) };
}

function pidResponseOf(presentation: string): { response: DeviceResponse; document: Document } {
  let response: DeviceResponse;
  try {
    response = DeviceResponse.fromEncodedForOid4Vp(presentation);
  } catch {
    throw new PresentationRefusedError('The presentation is not an mdoc DeviceResponse (base64url CBOR)');
  }
  const documents = response.documents ?? [];
  if (documents.length !== 1) {
    throw new PresentationRefusedError(`The DeviceResponse must hold one document, not ${documents.length}`);
  }
  const [document] = documents;
  if (document.docType !== PID_DOCTYPE && document.docType !== AGE_ATTESTATION_DOCTYPE) {
    throw new PresentationRefusedError(
      `The credential is not a PID or an age attestation (docType ${document.docType})`,
    );
  }
  return { response, document };
}

function notOnTrustList(document: Document): PresentationRefusedError {
  const subject = mdocContext.x509.getIssuerNameField({
    certificate: document.issuerSigned.issuerAuth.certificate,
    field: 'CN',
  });
  return new PresentationRefusedError(`The credential's issuer (CN=${subject.join(', ')}) is not on the trust list`);
}

/** The library's checks, put in the words the SD-JWT VC refusals use where they mean the same. */
function refusalOf(check: string, reason: string | undefined): PresentationRefusedError {
  if (check === 'Issuer certificate must be valid') {
    // The chain is checked by issuer-chain.ts through the context: its refusal is the reason.
    return new PresentationRefusedError(reason ?? 'The issuer certificate is not valid');
  }
  if (check === 'Issuer auth signature is invalid')
    return new PresentationRefusedError("The issuer's signature does not hold");
  if (check.startsWith('Device signature')) {
    return new PresentationRefusedError(
      "The device signature does not hold over this request's session transcript (client_id, nonce, response key)",
    );
  }
  if (check.startsWith('Device MAC') || check.startsWith('Ephemeral private key')) {
    return new PresentationRefusedError('The mdoc must be device-signed: MAC device authentication is not accepted');
  }
  if (check.startsWith('The MSO must be valid')) return new PresentationRefusedError('The credential is expired');
  if (check.startsWith('The calculated digest')) {
    return new PresentationRefusedError(`A disclosed element does not match the issuer's digest: ${check}`);
  }
  return new PresentationRefusedError(`The mdoc does not verify: ${reason ?? check}`);
}

/** CBOR's values as JSON's: full-dates as `YYYY-MM-DD`, maps as objects, arrays element by element. */
function plain(value: unknown): unknown {
  if (value instanceof DateOnly) return value.toISOString();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [String(key), plain(item)]));
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64url');
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

function publicJwkOf(jwk: Record<string, unknown>): JWK {
  const { d: _private, ...rest } = jwk;
  return rest;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
