import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Required } from '../common/validation/required';

/** The browser's keys of a push subscription, as `PushSubscription.toJSON().keys` gives them. */
export class PushSubscriptionKeysDto {
  @ApiProperty({
    description: "The browser's P-256 public key for this subscription, uncompressed, base64url (RFC 8291)",
    example: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    maxLength: 100,
  })
  @Required('keys.p256dh')
  @IsString()
  @MaxLength(100)
  p256dh: string;

  @ApiProperty({
    description: 'The 16-byte authentication secret of this subscription, base64url (RFC 8291)',
    example: 'tBHItJI5svbpez7KI4CCXg',
    maxLength: 30,
  })
  @Required('keys.auth')
  @IsString()
  @MaxLength(30)
  auth: string;
}
