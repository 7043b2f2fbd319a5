import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';
import { DELIVERY_STATUSES, DeliveryStatus } from './delivery-status';

export const DEFAULT_DELIVERY_LIST_LIMIT = 20;
export const MAX_DELIVERY_LIST_LIMIT = 100;

export class ListDeliveriesQueryDto {
  @ApiPropertyOptional({ description: 'Only deliveries for this `webhook.reference`', example: 'order-1234' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  @HasNoNul('reference')
  reference?: string;

  @ApiPropertyOptional({ description: 'Only deliveries in this state', enum: DELIVERY_STATUSES, example: 'failed' })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES)
  status?: DeliveryStatus;

  @ApiPropertyOptional({
    description: 'How many deliveries to return, newest first',
    type: 'integer',
    minimum: 1,
    maximum: MAX_DELIVERY_LIST_LIMIT,
    default: DEFAULT_DELIVERY_LIST_LIMIT,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_DELIVERY_LIST_LIMIT)
  limit?: number;
}
