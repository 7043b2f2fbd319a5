import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OutboundClient } from '../common/outbound/outbound-client';
import { TimestampAuthorityError } from './errors/timestamp-authority.error';
import { randomPositiveInteger } from './random-positive-integer';
import { OID } from './seal-oids';

const MAX_RESPONSE_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;
/** PKIStatus granted and grantedWithMods (RFC 3161 2.4.2). */
const GRANTED = [0, 1];

/**
 * Asks an RFC 3161 timestamp authority for a token over a signature value, through the outbound guard, and checks
 * that the token answers this request (the same imprint and nonce) before it goes into a seal.
 */
export class TimestampAuthorityClient {
  constructor(
    private readonly outbound: OutboundClient,
    private readonly url: string,
  ) {}

  async timestamp(signatureValue: Uint8Array): Promise<pkijs.ContentInfo> {
    const imprint = createHash('sha256').update(signatureValue).digest();
    const nonce = randomPositiveInteger(8);
    const request = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
        hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
      }),
      nonce,
      certReq: true,
    });
    const answer = await this.outbound.request({
      url: this.url,
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: Buffer.from(request.toSchema().toBER(false)),
      maxResponseBytes: MAX_RESPONSE_BYTES,
      timeoutMs: TIMEOUT_MS,
    });
    if (answer.status !== 200) throw new TimestampAuthorityError(`the timestamp authority answered ${answer.status}`);
    const response = pkijs.TimeStampResp.fromBER(answer.body);
    if (!GRANTED.includes(response.status.status) || !response.timeStampToken) {
      throw new TimestampAuthorityError(
        `the timestamp authority refused the request (status ${response.status.status})`,
      );
    }
    const info = tstInfoOf(response.timeStampToken);
    const sameImprint = Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(imprint);
    const sameNonce =
      info.nonce !== undefined &&
      Buffer.from(info.nonce.valueBlock.valueHexView).equals(Buffer.from(nonce.valueBlock.valueHexView));
    if (!sameImprint || !sameNonce)
      throw new TimestampAuthorityError('the timestamp token does not answer this request');
    return response.timeStampToken;
  }
}

/** The TSTInfo a timestamp token signs. */
export function tstInfoOf(token: pkijs.ContentInfo): pkijs.TSTInfo {
  return signedTstInfo(new pkijs.SignedData({ schema: token.content }));
}

/** The TSTInfo of a timestamp token's SignedData. */
export function signedTstInfo(signed: pkijs.SignedData): pkijs.TSTInfo {
  const content = signed.encapContentInfo.eContent;
  if (!content || signed.encapContentInfo.eContentType !== OID.tstInfo) throw new Error('not a timestamp token');
  return pkijs.TSTInfo.fromBER(content.getValue());
}
