import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PID_FORMATS, type PidFormat } from '../eudi/pid-claims';
import { SimulatedHolderDto } from './simulated-holder.dto';

export class SimulatedPresentationDto extends SimulatedHolderDto {
  @ApiPropertyOptional({
    description: "The form of the test person's PID: SD-JWT VC (the default) or ISO mdoc",
    enum: PID_FORMATS,
    example: 'mso_mdoc',
  })
  @IsOptional()
  @IsIn(PID_FORMATS, { message: `format must be one of ${PID_FORMATS.join(', ')}` })
  format?: PidFormat;
}
