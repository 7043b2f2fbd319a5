import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNumber, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Required } from '../common/validation/required';
import { PushSubscriptionKeysDto } from './push-subscription-keys.dto';

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it (`expirationTime` may come along). */
export class PushSubscriptionDto {
  @ApiProperty({
    description:
      "The push service's URL for this subscription (RFC 8030); https, and an address the outbound guard allows",
    example: 'https://push.example/wpush/v2/gAAAAABk',
    maxLength: 2048,
  })
  @Required('endpoint')
  @IsString()
  @MaxLength(2048)
  endpoint: string;

  @ApiProperty({ type: PushSubscriptionKeysDto })
  @Required('keys')
  @IsObject({ message: 'keys must be an object { p256dh, auth }' })
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys: PushSubscriptionKeysDto;

  @ApiProperty({
    description: 'When the browser says the subscription ends (Unix milliseconds), if it says; not used',
    required: false,
    nullable: true,
    type: 'number',
  })
  @IsOptional()
  @IsNumber()
  expirationTime?: number | null;
}
