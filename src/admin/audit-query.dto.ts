import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

/** The most entries one page lists; the export has no limit. */
export const AUDIT_PAGE_MAX = 500;

/** Where a listing or an export of the audit log starts. */
export class AuditAfterDto {
  @ApiPropertyOptional({
    description: 'List the entries made after this one (its id); default: from the first',
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
}
