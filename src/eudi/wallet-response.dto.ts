import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Required } from '../common/validation/required';

/** The longest encrypted response read: a PID with every attribute disclosed is a few kilobytes. */
const MAX_RESPONSE_LENGTH = 200_000;

/** A wallet's `direct_post.jwt` answer (OpenID4VP 1.0 8.3.1), form-encoded. */
export class WalletResponseDto {
  @ApiProperty({
    description: "The authorization response as a compact JWE encrypted to the key of the flow's request object",
    example: 'eyJhbGciOiJFQ0RILUVTIiwiZW5jIjoiQTEyOEdDTSIsImtpZCI6Ii4uLiJ9..aXY.Y2lwaGVy.dGFn',
    maxLength: MAX_RESPONSE_LENGTH,
  })
  @Required('response')
  @IsString({ message: 'response must be a string' })
  @MaxLength(MAX_RESPONSE_LENGTH)
  response: string;
}
