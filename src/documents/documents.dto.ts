import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import { IsNin, NIN_MAX_LENGTH, NIN_MIN_LENGTH, NIN_PATTERN, ninLengthMessage } from '../common/validation/is-nin';
import { Required } from '../common/validation/required';
import { SigningWebhookDto } from '../webhooks/signing-webhook.dto';
import { SIGNEE_TYPES, type SigneeType } from './signee-status';

/** PostgreSQL cannot store text with a NUL character; refused here rather than failing in the database. */
const NO_NUL = /^[^\u0000]*$/;
/** Enough for a board; a longer list is almost certainly a mistake, and each signee gets a push. */
export const MAX_SIGNEES = 50;
/** Spec section 8: `flow` on refresh is at least 40 characters. */
export const DOCUMENT_ID_MIN_LENGTH = 40;

/** A string of `min` to `max` characters without NUL, with messages naming the field. */
function Text(field: string, min: number, max: number) {
  return applyDecorators(
    IsString({ message: `${field} must be a string` }),
    Length(min, max, { message: `${field} must be ${min} to ${max} characters` }),
    Matches(NO_NUL, { message: `${field} must not contain NUL characters` }),
  );
}

function Nested(field: string, type: () => new () => object) {
  return applyDecorators(IsObject({ message: `${field} must be an object` }), ValidateNested(), Type(type));
}

export class DocumentFileDto {
  @ApiProperty({
    description: 'A direct, publicly reachable HTTPS URL of the PDF (at most MAX_FILE_BYTES, default 25 MiB)',
    example: 'https://files.acme.example/contracts/1042.pdf',
  })
  @Required('file.url')
  @Text('file.url', 1, 2048)
  url: string;

  @ApiProperty({ description: 'Display title of the document', example: 'Service agreement 1042' })
  @Required('file.title')
  @Text('file.title', 1, 200)
  title: string;
}

export class SigneeDto {
  @ApiProperty({ example: 'Ada Obi' })
  @Required('name')
  @Text('name', 1, 200)
  name: string;

  @ApiProperty({ enum: SIGNEE_TYPES, example: 'business' })
  @Required('type')
  @IsIn(SIGNEE_TYPES, { message: `type must be one of ${SIGNEE_TYPES.join(', ')}` })
  type: SigneeType;

  @ApiProperty({ example: 'ada@acme.example' })
  @Required('email')
  @IsEmail({}, { message: 'email must be an email address' })
  @Length(3, 320, { message: 'email must be 3 to 320 characters' })
  email: string;

  @ApiProperty({ description: 'NIN of the signee (at least 11 characters)', example: '10000000001' })
  @Required('nin')
  @IsNin('nin')
  nin: string;

  @ApiProperty({
    description: 'Who the signee signs for; may be empty for a person signing for themself',
    example: 'Acme Ltd',
  })
  @Required('representing')
  @Text('representing', 0, 200)
  representing: string;

  @ApiPropertyOptional({ example: 'Director' })
  @IsOptional()
  @Text('title', 1, 200)
  title?: string;
}

/** Shared by both creates (spec 4.5): the file and the webhook. */
class DocumentDto {
  @ApiProperty({ type: DocumentFileDto })
  @Required('file')
  @Nested('file', () => DocumentFileDto)
  file: DocumentFileDto;

  @ApiProperty({ description: 'HTTPS callback and your correlation id', type: SigningWebhookDto })
  @Required('webhook')
  @Nested('webhook', () => SigningWebhookDto)
  webhook: SigningWebhookDto;
}

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

export class DocumentReviewDto extends DocumentDto {
  @ApiProperty({ type: [SigneeDto], minItems: 1, maxItems: MAX_SIGNEES })
  @Required('signee')
  @IsArray({ message: 'signee must be an array' })
  @ArrayMinSize(1, { message: 'signee must list at least one signee' })
  @ArrayMaxSize(MAX_SIGNEES, { message: `signee must list at most ${MAX_SIGNEES} signees` })
  @ValidateNested({ each: true })
  @Type(() => SigneeDto)
  signee: SigneeDto[];
}

export class DocumentRefreshDto {
  @ApiProperty({
    description: 'The document id (`doc_...`, at least 40 characters) from the create response or a webhook',
    example: 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q',
  })
  @Required('flow')
  @IsString({ message: 'flow must be a string' })
  @Length(DOCUMENT_ID_MIN_LENGTH, 64, {
    message: `flow must be a document id of ${DOCUMENT_ID_MIN_LENGTH} to 64 characters`,
  })
  flow: string;
}
