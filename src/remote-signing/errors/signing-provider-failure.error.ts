import { SigneeSignatureFailedError } from '../../documents/errors/signee-signature-failed.error';

/**
 * The provider is down, refuses, or answers with something idflow will not put into the document (a signature that
 * does not verify against the signer's certificate).
 */
export class SigningProviderFailure extends SigneeSignatureFailedError {}
