import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class LoginUidParamDto {
  @ApiProperty({ description: "The provider's id of the authorization request", example: 'hQx3oRZr7uB0QwYbC4lKp' })
  @Matches(/^[0-9A-Za-z_-]{10,64}$/, { message: 'uid must be the id of a login' })
  uid: string;
}
