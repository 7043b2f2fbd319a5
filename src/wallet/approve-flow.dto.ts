import { ApiPropertyOptional } from '@nestjs/swagger';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsString, Length, Matches } from 'class-validator';

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

  @ApiPropertyOptional({
    description:
      'A device with a passkey: the WebAuthn assertion (the JSON form of the PublicKeyCredential that ' +
      '`navigator.credentials.get` gave, with user verification) over the options of ' +
      '`POST /wallet/v1/flows/{flowId}/passkey-challenge` for this very flow; each is accepted once',
    type: 'object',
    additionalProperties: true,
    example: { id: 'hV2k...', rawId: 'hV2k...', type: 'public-key', response: { clientDataJSON: 'eyJ0eXBlIjoi...' } },
  })
  @IsOptional()
  @IsObject()
  passkey?: AuthenticationResponseJSON;
}
