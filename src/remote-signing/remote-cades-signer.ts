import { createHash, createPublicKey, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CadesSigner, signedAttributesDer } from '../seal/cades-signer';
import { OID } from '../seal/seal-oids';
import { SigningProviderFailure } from './errors/signing-provider-failure.error';
import { CSC_OID } from './csc-constants';

/** Signs the SHA-256 of the DER of the signed attributes at the provider: the signature value, as it answers it. */
export type RemoteHashSigner = (hash: Buffer) => Promise<Buffer>;

/**
 * The CMS of a signee's PAdES baseline signature (B-B), built as the seal's is, with the signature value made by a
 * remote signing provider over the hash of the signed attributes (the data to be signed representation). The value
 * is checked against the signer's certificate before it goes into the document: a provider that signs with another
 * key, or over other data, is refused.
 */
export function remoteCadesSigner(chain: pkijs.Certificate[], signHash: RemoteHashSigner): CadesSigner {
  return new CadesSigner(chain, async (signedData) => {
    const [signerInfo] = signedData.signerInfos;
    const toBeSigned = signedAttributesDer(signerInfo);
    const value = await signHash(createHash('sha256').update(toBeSigned).digest());
    if (!verifies(chain[0], toBeSigned, value)) {
      throw new SigningProviderFailure("The provider's signature does not verify against the signer's certificate");
    }
    const sha256 = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() });
    signedData.digestAlgorithms = [sha256()];
    signerInfo.digestAlgorithm = sha256();
    signerInfo.signatureAlgorithm = new pkijs.AlgorithmIdentifier({
      algorithmId: CSC_OID.sha256WithRsa,
      algorithmParams: new asn1js.Null(),
    });
    signerInfo.signature = new asn1js.OctetString({ valueHex: value });
  });
}

function verifies(certificate: pkijs.Certificate, data: Buffer, signature: Buffer): boolean {
  const spki = Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER(false));
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  try {
    return verify('sha256', data, key, signature);
  } catch {
    return false;
  }
}
