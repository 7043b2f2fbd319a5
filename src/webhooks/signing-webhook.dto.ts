import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';
import { Required } from '../common/validation/required';

/** Where a signing or document flow reports its outcome: an HTTPS callback and the integrator's correlation id. */
export class SigningWebhookDto {
  @ApiProperty({ description: 'HTTPS callback URL', example: 'https://shop.example/webhooks/idflow' })
  @Required('webhook.host')
  @IsString()
  @Length(1, 2048)
  @HasNoNul('webhook.host')
  host: string;

  @ApiProperty({ description: 'Your correlation id, echoed in every event', example: 'order-1042' })
  @Required('webhook.reference')
  @IsString()
  @Length(1, 200)
  @HasNoNul('webhook.reference')
  reference: string;
}
