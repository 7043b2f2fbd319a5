import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsIntendedUseName, MAX_INTENDED_USE_NAME_LENGTH } from '../eudi/intended-use-name';

/**
 * The optional `intendedUse` of a wallet request that carries transaction data: one of the app's registered intended
 * uses, which must offer the PID as SD-JWT VC.
 */
export function TransactionIntendedUse(example: string) {
  return applyDecorators(
    ApiPropertyOptional({
      description:
        "Which of the app's intended uses, registered with the operator, the request is made under; it must offer the " +
        'PID as SD-JWT VC, the form that binds transaction data (docs/eudi-wallet.md)',
      example,
      maxLength: MAX_INTENDED_USE_NAME_LENGTH,
    }),
    IsOptional(),
    IsIntendedUseName('intendedUse'),
  );
}
