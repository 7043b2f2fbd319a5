import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, Length } from 'class-validator';
import { IsNin } from '../common/validation/is-nin';
import { Required } from '../common/validation/required';
import { SIGNEE_TYPES, type SigneeType } from './signee-status';
import { Text } from './documents-fields';

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
