import { ApiProperty } from '@nestjs/swagger';
import { IsSigningProviderName } from '../remote-signing/signing-provider-name';
import { ConsumerIdParamDto } from './consumer-id-param.dto';
import { SIGNING_PROVIDER_VIEW_EXAMPLE } from './signing-provider-views';

export class SigningProviderParamsDto extends ConsumerIdParamDto {
  @ApiProperty({ description: "The signing provider's name", example: SIGNING_PROVIDER_VIEW_EXAMPLE.name })
  @IsSigningProviderName('name')
  name: string;
}
