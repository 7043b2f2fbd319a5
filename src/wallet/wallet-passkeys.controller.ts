import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import type { Device } from '../devices/device.entity';
import { PasskeysService } from '../devices/passkeys.service';
import { DeviceAuth } from './device-auth.decorator';
import { HolderService } from './holder.service';
import { CurrentDevice } from './device-request';
import { RegisterPasskeyDto } from './register-passkey.dto';
import {
  PASSKEY_CREATION_OPTIONS_SCHEMA,
  PASSKEY_REQUEST_OPTIONS_SCHEMA,
  REGISTERED_PASSKEY_SCHEMA,
} from './wallet.schemas';

const CHALLENGE_EXAMPLE = 'q8Xy3mJ0bVdHn2TfLk5sWp9zRc4aGe7uYi1oNx6vBQE';
const CREDENTIAL_ID_EXAMPLE = 'hV2kR8mLq0XzT4bN7cYp1sWe';

const PASSKEY_REFUSED = (reason: string, description: string) =>
  ApiFailure(403, description, `Passkey refused: ${reason}`);

/** The Wallet API's passkey routes: a device registers one, then proves user verification on each approval. */
@ApiTags('wallet')
@Controller('wallet/v1')
export class WalletPasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly holder: HolderService,
  ) {}

  @Post('devices/passkey/options')
  @DeviceAuth()
  @Reason('Passkey options')
  @ApiOperation({
    summary: 'Options to create the passkey of this device (navigator.credentials.create)',
    description: 'Added to v1 without changing what v1 devices without a passkey do.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'WebAuthn creation options: user verification required, resident key preferred',
    reason: 'Passkey options',
    schema: PASSKEY_CREATION_OPTIONS_SCHEMA,
    data: {
      options: {
        challenge: CHALLENGE_EXAMPLE,
        rp: { name: 'idflow', id: 'id.example' },
        user: { id: 'ZGV2XzdoUTJtTjRwTDhzSzF2WDljQjN6UjZ0WQ', name: "Ada's phone", displayName: "Ada's phone" },
        pubKeyCredParams: [
          { alg: -7, type: 'public-key' },
          { alg: -257, type: 'public-key' },
        ],
        timeout: 60000,
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required', requireResidentKey: false },
        extensions: { credProps: true },
        hints: [],
      },
    },
  })
  @ApiFailure(409, 'The device already has a passkey', 'This device already has a passkey')
  async registrationOptions(@CurrentDevice() device: Device) {
    return { options: await this.passkeys.registrationOptions(device) };
  }

  @Post('devices/passkey')
  @DeviceAuth()
  @Reason('Passkey registered')
  @ApiOperation({
    summary: 'Register the passkey created for those options; from then on every approval needs an assertion by it',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The passkey, stored against this device',
    reason: 'Passkey registered',
    schema: REGISTERED_PASSKEY_SCHEMA,
    data: { passkey: { deviceId: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY', createdAt: 1763703600 } },
  })
  @ApiValidationFailure({ path: ['credential'], message: 'credential is required', code: 'invalid_type' })
  @PASSKEY_REFUSED(
    'the registration was not user-verified',
    'not user-verified, for another origin, or not answering its options',
  )
  @ApiFailure(409, 'The device already has a passkey', 'This device already has a passkey')
  async register(@CurrentDevice() device: Device, @Body() body: RegisterPasskeyDto) {
    const passkey = await this.passkeys.register(device, body.credential);
    return { passkey: { deviceId: passkey.deviceId, createdAt: Math.floor(passkey.createdAt / 1000) } };
  }

  @Post('flows/:flowId/passkey-challenge')
  @DeviceAuth()
  @Reason('Passkey challenge')
  @ApiOperation({
    summary: 'Options for the passkey assertion that approves this flow (navigator.credentials.get)',
    description:
      'The challenge is valid for this device and this flow only, five minutes, once: send the assertion as ' +
      '`passkey` in `POST /wallet/v1/flows/{flowId}/approve`.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'WebAuthn request options, user verification required',
    reason: 'Passkey challenge',
    schema: PASSKEY_REQUEST_OPTIONS_SCHEMA,
    data: {
      options: {
        rpId: 'id.example',
        challenge: CHALLENGE_EXAMPLE,
        allowCredentials: [{ id: CREDENTIAL_ID_EXAMPLE, type: 'public-key', transports: ['internal'] }],
        timeout: 60000,
        userVerification: 'required',
      },
    },
  })
  @PASSKEY_REFUSED('this device has no passkey', 'The device has no passkey')
  @ApiFailure(404, 'No such flow', 'No such flow')
  async assertionOptions(@CurrentDevice() device: Device, @Param('flowId') flowId: string) {
    return { options: await this.holder.passkeyChallenge(device, flowId) };
  }
}
