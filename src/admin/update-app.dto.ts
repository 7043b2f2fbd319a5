import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { CIBA_DELIVERY_MODES, CibaDeliveryMode } from '../tenants/ciba-delivery';
import { OIDC_PROFILES, OidcProfile } from '../tenants/oidc-profile';
import { ID_TOKEN_SIGNING_ALGS, IdTokenSigningAlg } from '../tenants/id-token-signing-alg';
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

  @ApiPropertyOptional({
    description: "The algorithm the app's ID tokens are signed with; RS256 (the default) suits every OpenID client",
    enum: ID_TOKEN_SIGNING_ALGS,
    example: 'ES256',
  })
  @IsOptional()
  @IsIn(ID_TOKEN_SIGNING_ALGS, {
    message: `idTokenSigningAlg must be one of ${ID_TOKEN_SIGNING_ALGS.join(', ')}`,
  })
  idTokenSigningAlg?: IdTokenSigningAlg;

  @ApiPropertyOptional({
    description:
      'basic (the default) or fapi2, the FAPI 2.0 Security Profile: pushed authorization requests only, private_key_jwt ' +
      "with the app's RSA key, DPoP-bound access tokens. A public client cannot use fapi2.",
    enum: OIDC_PROFILES,
    example: 'fapi2',
  })
  @IsOptional()
  @IsIn(OIDC_PROFILES, { message: `oidcProfile must be one of ${OIDC_PROFILES.join(', ')}` })
  oidcProfile?: OidcProfile;

  @ApiPropertyOptional({
    description:
      "Whether the app may start CIBA logins for a NIN, pushed to the person's app: off (the default), poll (it polls " +
      'the token endpoint) or ping (idflow notifies its cibaNotificationEndpoint). A public client cannot use CIBA.',
    enum: CIBA_DELIVERY_MODES,
    example: 'poll',
  })
  @IsOptional()
  @IsIn(CIBA_DELIVERY_MODES, {
    message: `cibaDeliveryMode must be one of ${CIBA_DELIVERY_MODES.join(', ')}`,
  })
  cibaDeliveryMode?: CibaDeliveryMode;

  @ApiPropertyOptional({
    description: 'The https URL a CIBA login in ping mode notifies when its tokens are ready; null removes it',
    example: 'https://acme.example/ciba/notify',
    type: String,
    nullable: true,
  })
  @IsOptional()
  @IsString()
  cibaNotificationEndpoint?: string | null;

  @ApiPropertyOptional({
    description:
      'The https URL a logout token is posted to when a person logs out of idflow (OpenID Connect Back-Channel ' +
      'Logout 1.0); null removes it',
    example: 'https://acme.example/oidc/backchannel-logout',
    type: String,
    nullable: true,
  })
  @IsOptional()
  @IsString()
  backchannelLogoutUri?: string | null;

  @ApiPropertyOptional({
    description:
      "The https URL of the app's JSON Web Key Set, which private_key_jwt client assertions are checked against in " +
      'place of its registered RSA key; fetched and cached. null removes it',
    example: 'https://acme.example/.well-known/jwks.json',
    type: String,
    nullable: true,
  })
  @IsOptional()
  @IsString()
  jwksUri?: string | null;
}
