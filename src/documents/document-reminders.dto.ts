import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { Required } from '../common/validation/required';

/** A reminder any sooner would be a nuisance rather than a reminder. */
export const MIN_REMINDER_SECONDS = 60;
export const MAX_REMINDERS = 20;

function ReminderSeconds(field: string, description: string, example: number) {
  return applyDecorators(
    ApiProperty({ description, minimum: MIN_REMINDER_SECONDS, example }),
    Required(field),
    IsInt({ message: `${field} must be an integer number of seconds` }),
    Min(MIN_REMINDER_SECONDS, { message: `${field} must be at least ${MIN_REMINDER_SECONDS} seconds` }),
  );
}

/**
 * When pending signees of the current step are reminded: `firstAfterSeconds` after they were asked, then every
 * `everySeconds`, at most `max` times each. Neither interval may exceed the document's lifetime (checked on create).
 */
export class DocumentRemindersDto {
  @ReminderSeconds('firstAfterSeconds', 'Seconds after a signee is asked until their first reminder', 86400)
  firstAfterSeconds: number;

  @ReminderSeconds('everySeconds', 'Seconds between reminders after the first', 172800)
  everySeconds: number;

  @ApiProperty({ description: 'Reminders per signee at most', minimum: 1, maximum: MAX_REMINDERS, example: 3 })
  @Required('max')
  @IsInt({ message: 'max must be an integer' })
  @Min(1, { message: 'max must be at least 1' })
  @Max(MAX_REMINDERS, { message: `max must be at most ${MAX_REMINDERS}` })
  max: number;
}
