import { SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { DeclareAccess } from '../common/route-access/declared-access';
import { ApiFailure } from '../common/openapi/api-envelope.decorator';
import { DEVICE_PROOF_SCHEME } from './device-proof';
import { DEVICE_PROOF_KIND, type DeviceProofKind } from './device-proof-kind';
import { DeviceGuard } from './device.guard';

/**
 * A Wallet API route: the request carries a device proof. `enrollment` routes accept a proof signed by a key that is
 * not enrolled yet and carried in the proof's own header.
 */
export function DeviceAuth(kind: DeviceProofKind = 'device') {
  return applyDecorators(
    DeclareAccess('device'),
    SetMetadata(DEVICE_PROOF_KIND, kind),
    UseGuards(DeviceGuard),
    ApiHeader({
      name: 'authorization',
      required: true,
      description:
        `\`${DEVICE_PROOF_SCHEME} <JWS>\`: a compact JWS (typ idflow-device-proof+jwt, alg ES256 or EdDSA) over ` +
        '`{ htm, htu, iat, jti }` for this method and path, made within the last minute, used once. ' +
        (kind === 'enrollment'
          ? 'The protected header carries the new public key as `jwk`.'
          : 'The protected header names the device as `kid`.'),
    }),
    ApiFailure(
      401,
      'The device proof is missing, stale, replayed, for another request or wrongly signed',
      'Device proof rejected: bad signature',
    ),
  );
}
