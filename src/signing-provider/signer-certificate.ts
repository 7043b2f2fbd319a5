import type { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { KEY_USAGE, type RevocationPointers, extension, issueCertificate } from '../seal/certificate-issuer';

/** ETSI EN 319 412-1 and RFC 3739: the QC statement that says how to read the subject's serialNumber. */
const QC_STATEMENTS = '1.3.6.1.5.5.7.1.3';
const PKIX_QC_SYNTAX_V2 = '1.3.6.1.5.5.7.11.2';
/** id-etsi-qcs-semanticsId-Natural: the serialNumber is `PNO<country>-<national identity number>`. */
const SEMANTICS_ID_NATURAL = '0.4.0.194121.1.1';
/** The NIN is Nigeria's National Identification Number (spec 2.2), so its country is NG. */
const NIN_COUNTRY = 'NG';
const SIGNER_YEARS = 3;
/** The name the sandbox signing CA publishes under (`caPaths`): its PEM, DER, CRL and OCSP responder. */
export const SIGNING_CA_NAME = 'idflow-signing-ca';

/** Who a signer's certificate names: the person, as idflow identified them. */
export interface CertifiedPerson {
  nin: string;
  name: string;
}

/** The natural-person identifier of ETSI EN 319 412-1 5.1.3 for a NIN. */
export const personIdentifier = (nin: string): string => `PNO${NIN_COUNTRY}-${nin}`;

/**
 * A signer's certificate from the sandbox signing CA: the person's name and their NIN as a natural-person semantics
 * identifier, for non-repudiation (content commitment), the usage a signature over a document needs, and the CA's
 * OCSP responder and CRL (`pointers`), so a validator can learn that it was revoked.
 */
export function issueSignerCertificate(
  person: CertifiedPerson,
  publicKey: webcrypto.CryptoKey,
  issuer: { certificate: pkijs.Certificate; privateKey: webcrypto.CryptoKey },
  pointers: RevocationPointers,
): Promise<pkijs.Certificate> {
  return issueCertificate({
    subject: { country: NIN_COUNTRY, serialNumber: personIdentifier(person.nin), commonName: person.name },
    publicKey,
    issuer,
    isCa: false,
    keyUsage: KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation,
    validDays: SIGNER_YEARS * 365,
    revocation: pointers,
    extensions: [extension(QC_STATEMENTS, false, semanticsStatement())],
  });
}

/** QCStatements holding one pkixQCSyntax-v2 statement whose SemanticsInformation names the natural-person scheme. */
function semanticsStatement(): asn1js.Sequence {
  const semanticsInformation = new asn1js.Sequence({
    value: [new asn1js.ObjectIdentifier({ value: SEMANTICS_ID_NATURAL })],
  });
  const statement = new asn1js.Sequence({
    value: [new asn1js.ObjectIdentifier({ value: PKIX_QC_SYNTAX_V2 }), semanticsInformation],
  });
  return new asn1js.Sequence({ value: [statement] });
}
