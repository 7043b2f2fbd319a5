import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { Required } from '../common/validation/required';
import { IsClaimKey, normaliseClaimList } from './is-claim-key.validator';

/**
 * A required `claims` list of 1 to `max` catalog claim keys, lower-case spellings read as the catalog's. Listed in the
 * order stacked decorators run (the last written first), so its issues come out as they did when each DTO stacked them.
 */
export function ClaimList(max: number): PropertyDecorator {
  return applyDecorators(
    IsClaimKey({ each: true }),
    IsString({ each: true }),
    ArrayMaxSize(max),
    ArrayMinSize(1, { message: 'claims must name at least one claim' }),
    IsArray(),
    Required('claims'),
    Transform(normaliseClaimList),
  );
}
