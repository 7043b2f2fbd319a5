import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { Required } from './required';

/** Spec section 8: wildcard flows make 1 to 10 seeds. */
export const MAX_SEEDS = 10;

/** The `seeds` field of wildcard creates: how many single-use QR seeds to make. */
export function SeedCount() {
  return applyDecorators(
    ApiProperty({
      description: `How many single-use QR seeds to make (1 to ${MAX_SEEDS})`,
      example: 3,
      minimum: 1,
      maximum: MAX_SEEDS,
    }),
    Required('seeds'),
    IsInt(),
    Min(1),
    Max(MAX_SEEDS),
  );
}
