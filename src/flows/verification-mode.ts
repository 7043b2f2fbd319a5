import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { applyDecorators } from '@nestjs/common';

/**
 * How a pushed flow's verification code is checked: `display` (the default) shows it in the app for the person to
 * compare; `choice` shows three codes in the app and the person must pick the one on the integrator's screen, a wrong
 * pick declining the flow.
 */
export const VERIFICATION_MODES = ['display', 'choice'] as const;
export type VerificationMode = (typeof VERIFICATION_MODES)[number];

/** The `verification` field of a pushed create. */
export const VerificationField = () =>
  applyDecorators(
    ApiPropertyOptional({
      enum: VERIFICATION_MODES,
      default: 'display',
      description:
        '`choice`: the app shows three codes and the person must pick the one your screen shows (`verificationCode`); ' +
        'a wrong pick declines the flow. `display` (the default): the app shows the code for them to compare.',
    }),
    IsOptional(),
    IsIn(VERIFICATION_MODES, { message: 'verification must be display or choice' }),
  );
