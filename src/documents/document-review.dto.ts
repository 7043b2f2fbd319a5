import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateBy, ValidateNested } from 'class-validator';
import { Required } from '../common/validation/required';
import { SigneeDto } from './signee.dto';
import { DocumentDto } from './document.dto';
import { MAX_SIGNEES } from './documents-fields';

const SIGNEE_OBJECT = { each: true, message: 'each signee must be an object' };

export class DocumentReviewDto extends DocumentDto {
  @ApiProperty({ type: [SigneeDto], minItems: 1, maxItems: MAX_SIGNEES })
  @Required('signee')
  @IsArray({ message: 'signee must be an array' })
  @ArrayMinSize(1, { message: 'signee must list at least one signee' })
  @ArrayMaxSize(MAX_SIGNEES, { message: `signee must list at most ${MAX_SIGNEES} signees` })
  // ValidateNested refuses text and null but validates an inner array as a list: `[[]]` would reach the database.
  @ValidateBy({ name: 'isObject', validator: { validate: (value) => !Array.isArray(value) } }, SIGNEE_OBJECT)
  @ValidateNested(SIGNEE_OBJECT)
  @Type(() => SigneeDto)
  signee: SigneeDto[];
}
