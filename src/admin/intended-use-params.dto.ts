import { ApiProperty } from '@nestjs/swagger';
import { IsIntendedUseName } from '../eudi/intended-use-name';
import { AppIdParamDto } from './app-id-param.dto';
import { INTENDED_USE_VIEW_EXAMPLE } from './intended-use-views';

export class IntendedUseParamsDto extends AppIdParamDto {
  @ApiProperty({ description: "The intended use's name", example: INTENDED_USE_VIEW_EXAMPLE.name })
  @IsIntendedUseName('name')
  name: string;
}
