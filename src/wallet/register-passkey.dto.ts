import { ApiProperty } from '@nestjs/swagger';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { IsDefined, IsObject } from 'class-validator';

export class RegisterPasskeyDto {
  @ApiProperty({
    description:
      'The JSON form of the PublicKeyCredential that `navigator.credentials.create` gave for the options of ' +
      '`POST /wallet/v1/devices/passkey/options`',
    type: 'object',
    additionalProperties: true,
    example: { id: 'hV2k...', rawId: 'hV2k...', type: 'public-key', response: { attestationObject: 'o2Nm...' } },
  })
  @IsDefined({ message: 'credential is required' })
  @IsObject()
  credential: RegistrationResponseJSON;
}
