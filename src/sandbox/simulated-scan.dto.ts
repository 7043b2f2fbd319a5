import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Length } from 'class-validator';
import { SimulatedHolderDto } from './simulated-holder.dto';

export class SimulatedScanDto extends SimulatedHolderDto {
  @ApiProperty({
    description:
      'Whatever a phone could scan or open: a same-device link or its code, a seed URI (`idflow://flow?seed=...`), or ' +
      'an animated QR frame (`idflow://qr?token=...&time=...&code=...`)',
    example: 'idflow://qr?token=Qr7Tk2Lm9NbVc4ZrT1aSd8Xy3QwE6PoU&time=7&code=...',
  })
  @IsDefined({ message: 'code is required' })
  @IsString({ message: 'code must be a string' })
  @Length(16, 400, { message: 'code must be a link, a code, a seed URI or a QR frame' })
  code: string;
}
