import { ApiProperty } from '@nestjs/swagger';
import { IsNin } from '../common/validation/is-nin';

export class SignerRevocationDto {
  @ApiProperty({
    description: "The test person whose signer certificate is revoked: a synthetic person's NIN",
    example: '10000000001',
  })
  @IsNin('nin')
  nin: string;
}
