import { PID_FORMATS } from './pid-claims';

/**
 * What the sandbox wallet presents: the PID in one of its forms, or (`av_mdoc`) the EU age attestation. Apart from the
 * sandbox wallet, so that the sandbox's DTO names them without loading the wallet libraries at start.
 */
export const SANDBOX_CREDENTIALS = [...PID_FORMATS, 'av_mdoc'] as const;
export type SandboxCredential = (typeof SANDBOX_CREDENTIALS)[number];
