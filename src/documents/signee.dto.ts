import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsInt, IsOptional, Length, Max, Min } from 'class-validator';
import { IsNin } from '../common/validation/is-nin';
import { Required } from '../common/validation/required';
import { SIGNEE_TYPES, type SigneeType } from './signee-status';
import { DisplayText, MAX_SIGNEES } from './documents-fields';

export class SigneeDto {
  @ApiProperty({ example: 'Ada Obi' })
  @Required('name')
  @DisplayText('name', 1, 200)
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
  @DisplayText('representing', 0, 200)
  representing: string;

  @ApiPropertyOptional({ example: 'Director' })
  @IsOptional()
  @DisplayText('title', 1, 200)
  title?: string;

  @ApiPropertyOptional({
    description:
      'With `signingOrder: sequential`: the step this signee signs in, from 1; equal numbers sign in parallel within ' +
      'their step. Give it for every signee or for none (then the list order is the order)',
    type: 'integer',
    minimum: 1,
    maximum: MAX_SIGNEES,
    example: 1,
  })
  @IsOptional()
  @IsInt({ message: 'order must be an integer' })
  @Min(1, { message: 'order must be at least 1' })
  @Max(MAX_SIGNEES, { message: `order must be at most ${MAX_SIGNEES}` })
  order?: number;
}
