import { ApiProperty } from '@nestjs/swagger';

export class AccessGrantDto {
  @ApiProperty({ description: 'The access token; the same value is sent in the x-access-token response header' })
  token: string;

  @ApiProperty({ description: 'Expiry, Unix seconds', example: 1763703600 })
  exp: number;
}
