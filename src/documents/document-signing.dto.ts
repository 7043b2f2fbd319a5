import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Length, Matches } from 'class-validator';
import { NIN_MAX_LENGTH, NIN_MIN_LENGTH, NIN_PATTERN, ninLengthMessage } from '../common/validation/nin-rule';
import { Required } from '../common/validation/required';
import { DocumentDto } from './document.dto';
import { MAX_SIGNEES } from './documents-fields';

export class DocumentSigningDto extends DocumentDto {
  @ApiProperty({
    description: 'NINs to push the document to (at least one); each signs in their digital-ID app',
    example: ['10000000001', '10000000002'],
    minItems: 1,
    maxItems: MAX_SIGNEES,
  })
  @Required('to')
  @IsArray({ message: 'to must be an array of NINs' })
  @ArrayMinSize(1, { message: 'to must name at least one NIN' })
  @ArrayMaxSize(MAX_SIGNEES, { message: `to must name at most ${MAX_SIGNEES} NINs` })
  @IsString({ each: true, message: 'each entry of to must be a NIN' })
  @Length(NIN_MIN_LENGTH, NIN_MAX_LENGTH, { each: true, message: ninLengthMessage('each entry of to') })
  @Matches(NIN_PATTERN, { each: true, message: 'each entry of to must be a NIN (letters, digits and dashes)' })
  to: string[];
}
