import { ApiProperty } from '@nestjs/swagger';
import { IsNin } from '../common/validation/is-nin';

/** The NIN a login is pushed to (or, in the sandbox, the test person who approves it). */
export class LoginNinDto {
  @ApiProperty({ description: 'National identification number', example: '10000000001' })
  @IsNin('nin')
  nin: string;
}
