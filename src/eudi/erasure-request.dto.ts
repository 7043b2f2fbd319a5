import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Required } from '../common/validation/required';

/** An erasure request signs one small payload; a header with a P-256 key keeps it well under this. */
const MAX_REQUEST_LENGTH = 4_000;

/** A wallet's request to erase what it released through one presentation (docs/eudi-wallet.md). */
export class ErasureRequestDto {
  @ApiProperty({
    description:
      'A compact JWS of `typ` `erasure-request+jwt`, ES256, signed by the key the presentation was bound to and ' +
      'carrying its public half in the `jwk` header; payload `aud` (the client_id of the request answered), `nonce` ' +
      "(that request's nonce), `iat` (within five minutes) and `jti` (the request's own id)",
    example: 'eyJ0eXAiOiJlcmFzdXJlLXJlcXVlc3Qrand0IiwiYWxnIjoiRVMyNTYiLCJqd2siOnt9fQ.eyJub25jZSI6Ii4uLiJ9.c2ln',
    maxLength: MAX_REQUEST_LENGTH,
  })
  @Required('request')
  @IsString({ message: 'request must be a string' })
  @MaxLength(MAX_REQUEST_LENGTH)
  request: string;
}
