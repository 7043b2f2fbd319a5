import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Matches } from 'class-validator';

export class PickUpFlowDto {
  @ApiProperty({
    description:
      'The code of a same-device link (`/open/<code>`), the seed of a wildcard QR (`idflow://flow?seed=<seed>`), or a ' +
      'whole animated QR frame as scanned (`idflow://qr?token=...&time=...&code=...`)',
    example: 'Vb3kLx9QwErTyUiOpAsDfGhJkLzXcVbN',
  })
  @IsDefined({ message: 'code is required' })
  @IsString()
  @Matches(/^([0-9A-Za-z]{16,64}|idflow:\/\/qr\?[!-~]{1,300})$/, {
    message: 'code must be the 32-character code of a link or seed, or an idflow://qr frame',
  })
  code: string;
}
