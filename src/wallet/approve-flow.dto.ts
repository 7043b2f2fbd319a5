import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length, Matches } from 'class-validator';

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

  @ApiPropertyOptional({
    description:
      "A flow created with `verification: 'choice'`: the code the person picked out of the view's " +
      '`verificationChoices`; a wrong one declines the flow',
    example: '4171',
  })
  @IsOptional()
  @Matches(/^\d{4}$/, { message: 'verificationCode must be four digits' })
  verificationCode?: string;
}
