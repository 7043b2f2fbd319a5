/**
 * A signee's own signature (a document with `"signature": "advanced"`) could not be made: no provider, the provider
 * down or refusing, or a signature idflow will not put into the document. Nothing is stored; the stamped copy is tried
 * again after SEAL_RETRY_SCHEDULE, and each failure is told (`document.signature_failed`, the audit trail, refresh).
 */
export class SigneeSignatureFailedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = new.target.name;
  }
}
