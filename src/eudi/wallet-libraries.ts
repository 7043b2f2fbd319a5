/**
 * What the wallet verifier needs from the OpenID4VP, DCQL, mdoc and SD-JWT VC libraries, in one module that
 * WalletVerifierService loads with the first wallet flow rather than at every start: together with zod beneath them
 * they took about 0.3 s of each start, for a mode most deployments never use.
 */
export { setGlobalConfig } from '@openid4vc/oauth2';
export {
  calculateX509HashClientIdPrefixValue,
  createOpenid4vpAuthorizationRequest,
  parseOpenid4vpAuthorizationResponse,
} from '@openid4vc/openid4vp';
export { verifyMdocPid } from './mdoc-pid.verifier';
export { pidDcqlQuery } from './pid-dcql';
export { sandboxWalletResponse } from './sandbox-wallet';
export { verifySdJwtPid } from './sd-jwt-pid.verifier';
