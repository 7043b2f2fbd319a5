import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsOptional, IsString, Length, Matches } from 'class-validator';

export class EnrollDeviceDto {
  @ApiProperty({
    description: 'The one-time enrollment code the operator issued for the NIN',
    example: 'a1B2-c3D4-e5F6',
  })
  @IsDefined({ message: 'code is required' })
  @IsString()
  @Length(4, 64)
  code: string;

  @ApiPropertyOptional({ description: 'A name for the device, shown to the holder', example: "Ada's phone" })
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/^[^\u0000]*$/, { message: 'label must not contain NUL characters' })
  label?: string;
}

export class PickUpFlowDto {
  @ApiProperty({
    description:
      'The code of a same-device link (`/open/<code>`) or the seed of a wildcard QR (`idflow://flow?seed=<seed>`)',
    example: 'Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN',
  })
  @IsDefined({ message: 'code is required' })
  @IsString()
  @Matches(/^[0-9A-Za-z]{16,64}$/, { message: 'code must be the 32-character code of a link or seed' })
  code: string;
}

export class ApproveFlowDto {
  @ApiPropertyOptional({
    description:
      "Identification: the claims the holder consents to release, any subset of the flow's requestedClaims (may be empty)",
    example: ['naming.name', 'contact.email'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  claims?: string[];

  @ApiPropertyOptional({
    description:
      'Signing: a compact JWS by the device key (typ idflow-device-signature+jwt) over `{ flow, payload_sha256, iat }` ' +
      "from the flow's challenge",
    example: 'eyJhbGciOiJFUzI1NiIsInR5cCI6ImlkZmxvdy1kZXZpY2Utc2lnbmF0dXJlK2p3dCJ9.eyJmbG93IjoicmVxXy4uLiJ9.c2ln',
  })
  @IsOptional()
  @IsString()
  @Length(16, 8192)
  signature?: string;
}
