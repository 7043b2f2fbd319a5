import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsObject, IsString, Length, ValidateNested } from 'class-validator';
import { HasNoNul } from '../common/validation/has-no-nul';
import { IsDisplayText } from '../common/validation/is-display-text';

/** Enough for a board; a longer list is almost certainly a mistake, and each signee gets a push. */
export const MAX_SIGNEES = 50;

/** Spec section 8: `flow` on refresh is at least 40 characters. */
export const DOCUMENT_ID_MIN_LENGTH = 40;

/** A string of `min` to `max` characters without NUL, with messages naming the field. */
export function Text(field: string, min: number, max: number) {
  return applyDecorators(StringOfLength(field, min, max), HasNoNul(field));
}

/** Text a person is shown (a title, a name): `min` to `max` characters of plain text on one line, named in refusals. */
export function DisplayText(field: string, min: number, max: number) {
  return applyDecorators(StringOfLength(field, min, max), IsDisplayText(field));
}

function StringOfLength(field: string, min: number, max: number) {
  return applyDecorators(
    IsString({ message: `${field} must be a string` }),
    Length(min, max, { message: `${field} must be ${min} to ${max} characters` }),
  );
}

export function Nested(field: string, type: () => new () => object) {
  return applyDecorators(IsObject({ message: `${field} must be an object` }), ValidateNested(), Type(type));
}
