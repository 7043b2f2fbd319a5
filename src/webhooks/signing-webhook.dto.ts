import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { Required } from '../common/validation/required';

/** PostgreSQL cannot store text with a NUL character; refused here rather than failing in the database. */
const NO_NUL = /^[^\u0000]*$/;

/** Where a signing or document flow reports its outcome: an HTTPS callback and the integrator's correlation id. */
export class SigningWebhookDto {
  @ApiProperty({ description: 'HTTPS callback URL', example: 'https://shop.example/webhooks/idflow' })
  @Required('webhook.host')
  @IsString()
  @Length(1, 2048)
  @Matches(NO_NUL, { message: 'webhook.host must not contain NUL characters' })
  host: string;

  @ApiProperty({ description: 'Your correlation id, echoed in every event', example: 'order-1042' })
  @Required('webhook.reference')
  @IsString()
  @Length(1, 200)
  @Matches(NO_NUL, { message: 'webhook.reference must not contain NUL characters' })
  reference: string;
}
