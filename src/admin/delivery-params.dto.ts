import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { AppIdParamDto } from './app-id-param.dto';

export class DeliveryParamsDto extends AppIdParamDto {
  @ApiProperty({
    description: 'The delivery id, also the `webhook-id` it was sent with',
    example: 'msg_2Zk9PqR4sT6uV8wX',
  })
  @Matches(/^msg_[0-9A-Za-z]{1,28}$/, { message: 'deliveryId must be a webhook delivery id (msg_...)' })
  deliveryId: string;
}
