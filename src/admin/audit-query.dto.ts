import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { AUDIT_ORDERS, type AuditOrder } from '../operators/audit-order';

/** The most entries one page lists; the export has no limit. */
export const AUDIT_PAGE_MAX = 500;

/** Where a listing or an export of the audit log starts. */
export class AuditAfterDto {
  @ApiPropertyOptional({
    description:
      "List the entries that follow this one (its id) in the listing's order: the last id of the page before, as its " +
      '`next` gives it; default: from the first (oldest first) or the latest (newest first)',
    example: 'aud_0Qx2vZk1R8LmT4nWc7Ys3Pa9',
  })
  @IsOptional()
  @Matches(/^aud_[0-9A-Za-z]{1,36}$/, { message: 'after must be an audit entry id (aud_...)' })
  after?: string;
}

export class AuditQueryDto extends AuditAfterDto {
  @ApiPropertyOptional({ description: 'How many entries at most', minimum: 1, maximum: AUDIT_PAGE_MAX, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(AUDIT_PAGE_MAX)
  limit?: number;

  @ApiPropertyOptional({
    description: '`oldest` first (as the export) or `newest` first (as the console shows the log)',
    enum: AUDIT_ORDERS,
    default: 'oldest',
  })
  @IsOptional()
  @IsIn(AUDIT_ORDERS, { message: `order must be one of ${AUDIT_ORDERS.join(', ')}` })
  order?: AuditOrder;
}
