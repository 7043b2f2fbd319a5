import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUrl, Matches, MaxLength } from 'class-validator';

/** The longest page origin kept for a wallet flow's Digital Credentials API request. */
const MAX_ORIGIN_LENGTH = 300;

/**
 * A wallet create's optional `origin`: the https origin of the integrator's page that asks the wallet through the
 * browser's Digital Credentials API, which the request is signed for alone (`expected_origins`).
 */
export function PageOrigin(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      description:
        "The https origin of the integrator's page that asks the wallet through the browser's Digital Credentials " +
        'API (same device). Given, the answer also carries `presentation.digitalCredentials`, a request signed for ' +
        'this origin alone (`expected_origins`); left out, only the `openid4vp://` request is made.',
      example: 'https://shop.example',
      maxLength: MAX_ORIGIN_LENGTH,
    }),
    IsOptional(),
    MaxLength(MAX_ORIGIN_LENGTH),
    IsUrl(
      { protocols: ['https'], require_protocol: true, require_tld: false },
      { message: 'origin must be an https origin, such as https://shop.example' },
    ),
    Matches(/^https:\/\/[^/?#]+$/, {
      message: 'origin must be an https origin alone: no path, query or trailing slash',
    }),
  );
}
