import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { MAX_REDIRECT_URIS } from '../tenants/redirect-uris';

/** How the app acts as an OpenID client ("Log in with OIDC"); what is left out stays as it was. */
export class UpdateAppDto {
  @ApiPropertyOptional({
    description:
      `Replaces the redirect URIs, compared exactly: https only (plain http for localhost and 127.0.0.1), no ` +
      `fragment, at most ${MAX_REDIRECT_URIS}. An empty list turns "Log in with OIDC" off for the app.`,
    example: ['https://acme.example/auth/callback', 'http://localhost:3000/auth/callback'],
    type: [String],
  })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  redirectUris?: string[];

  @ApiPropertyOptional({
    description: 'A single-page or mobile app: it proves itself by PKCE alone, with no secret or key',
    example: false,
  })
  @IsOptional()
  @IsBoolean()
  publicClient?: boolean;
}
