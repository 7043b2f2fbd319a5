import { PID_DOCTYPE, PID_VCT, type PidFormat } from './pid-claims';

/**
 * The credential types an intended use may name, as the ARF names them (an SD-JWT VC's `vct`, an mdoc's doctype), and
 * the form of the PID each is: a wallet request offers only the forms its intended use registered.
 */
export const REGISTRABLE_CREDENTIALS: Readonly<Record<string, PidFormat>> = {
  [PID_VCT]: 'dc+sd-jwt',
  [PID_DOCTYPE]: 'mso_mdoc',
};

export const CREDENTIAL_TYPES = Object.keys(REGISTRABLE_CREDENTIALS);
