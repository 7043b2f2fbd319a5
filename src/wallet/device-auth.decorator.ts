import { SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { DeclareAccess } from '../common/route-access/declared-access';
import { ApiFailure } from '../common/openapi/api-envelope.decorator';
import { DEVICE_PROOF_SCHEME } from './device-proof';
import { DEVICE_PROOF_KIND, type DeviceProofKind } from './device-proof-kind';
import { DeviceGuard } from './device.guard';

/** The Wallet API's security scheme in the OpenAPI document. */
export const DEVICE_SECURITY_SCHEME = 'device';

/** What the scheme says a device proof is. */
export const DEVICE_PROOF_DESCRIPTION =
  `\`${DEVICE_PROOF_SCHEME} <JWS>\` in \`authorization\`: a compact JWS (typ idflow-device-proof+jwt, alg ES256 or ` +
  'EdDSA) over `{ htm, htu, iat, jti }` for this method and path, made within the last minute, used once; its ' +
  'protected header names the device as `kid` (or, to enroll, carries the new public key as `jwk`).';

/**
 * A Wallet API route: the request carries a device proof. `enrollment` routes accept a proof signed by a key that is
 * not enrolled yet and carried in the proof's own header.
 */
export function DeviceAuth(kind: DeviceProofKind = 'device') {
  return applyDecorators(
    DeclareAccess('device'),
    SetMetadata(DEVICE_PROOF_KIND, kind),
    UseGuards(DeviceGuard),
    // The proof is made afresh for every request (it signs the method and path), so Swagger can only carry one.
    ApiSecurity(DEVICE_SECURITY_SCHEME),
    ApiFailure(
      401,
      'The device proof is missing, stale, replayed, for another request or wrongly signed',
      'Device proof rejected: bad signature',
    ),
  );
}
