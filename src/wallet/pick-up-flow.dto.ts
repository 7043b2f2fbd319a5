import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Matches } from 'class-validator';

export class PickUpFlowDto {
  @ApiProperty({
    description:
      'The code of a same-device link (`/open/<code>`) or the seed of a wildcard QR (`idflow://flow?seed=<seed>`)',
    example: 'Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN',
  })
  @IsDefined({ message: 'code is required' })
  @IsString()
  @Matches(/^[0-9A-Za-z]{16,64}$/, { message: 'code must be the 32-character code of a link or seed' })
  code: string;
}
