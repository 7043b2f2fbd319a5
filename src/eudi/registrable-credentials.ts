import { AGE_ATTESTATION_DOCTYPE, type CredentialQueryId, PID_DOCTYPE, PID_VCT } from './pid-claims';

/**
 * The credential types an intended use may name, as the ARF names them (an SD-JWT VC's `vct`, an mdoc's doctype), and
 * the credential query that asks for each: a wallet request offers only the ones its intended use registered.
 */
export const REGISTRABLE_CREDENTIALS: Readonly<Record<string, CredentialQueryId>> = {
  [PID_VCT]: 'pid',
  [PID_DOCTYPE]: 'pid_mdoc',
  [AGE_ATTESTATION_DOCTYPE]: 'av_mdoc',
};

export const CREDENTIAL_TYPES = Object.keys(REGISTRABLE_CREDENTIALS);
