import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class KeyIdParamDto {
  // Only record ids: a key itself in the path would end up in the access log.
  @ApiProperty({
    description: 'The id of the API key record (not the key itself)',
    example: 'key_7HbN2mQx9LwPz4RtYc8KdVf1',
  })
  @Matches(/^key_[0-9A-Za-z]+$/, { message: 'keyId must be an API key id (key_...), never the key itself' })
  keyId: string;
}
