import { Get, Header, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { RawResponse } from '../envelope/envelope.decorator';
import { Public } from '../route-access/public.decorator';
import { ApiRateLimited } from './api-envelope.decorator';

const PEM_TYPE = 'application/x-pem-file';

/**
 * A public route publishing a CA certificate in PEM for others' trust lists (the seal CA, the sandbox PID issuer CA):
 * no credentials, not wrapped in the envelope, cacheable for five minutes.
 */
export function PublishedCertificate(path: string, operation: { summary: string; description: string }) {
  return applyDecorators(
    Get(path),
    Public(),
    RawResponse(),
    Header('content-type', PEM_TYPE),
    Header('cache-control', 'public, max-age=300'),
    ApiOperation(operation),
    ApiProduces(PEM_TYPE),
    ApiRateLimited(),
    ApiOkResponse({
      description: 'One PEM certificate, not wrapped in the envelope',
      content: {
        [PEM_TYPE]: {
          schema: { type: 'string' },
          example: '-----BEGIN CERTIFICATE-----\nMIIDSzCCAjOgAwIBAgIQ...\n-----END CERTIFICATE-----\n',
        },
      },
    }),
  );
}
