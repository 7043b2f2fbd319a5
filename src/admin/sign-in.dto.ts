import { ApiProperty } from '@nestjs/swagger';
import { IsJWT, MaxLength } from 'class-validator';

export class SignInDto {
  @ApiProperty({
    description:
      "The ID token idflow's OpenID provider issued to the console's client (CONSOLE_CLIENT_ID, else its own) at the end of a login",
    example: 'eyJhbGciOiJSUzI1NiIsImtpZCI6Ii4uLiJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl',
    maxLength: 16_384,
  })
  @IsJWT({ message: 'idToken must be a JWT' })
  @MaxLength(16_384)
  idToken: string;
}
