/**
 * A seal at B-LT or above needs the revocation data of every certificate of its chains, which an OCSP responder or a
 * CRL that did not answer has left missing: the seal is tried again later rather than made at a lower level.
 */
export class ValidationDataMissingError extends Error {
  constructor() {
    super('Revocation data is missing for a certificate of the seal or the timestamp');
  }
}
