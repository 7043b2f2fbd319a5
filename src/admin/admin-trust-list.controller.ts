import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope } from '../common/openapi/api-envelope.decorator';
import { EudiCredentialsService } from '../eudi/eudi-credentials.service';
import { AdminOnly } from './admin-only.decorator';
import { TRUST_LIST_SCHEMA } from './operations.schemas';
import type { TrustListView } from './admin-view-types';
import { TRUST_LIST_EXAMPLE, trustListView } from './operations-views';

/** The trust list of PID issuers the EU wallet verifier holds production PIDs to. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/trust-list')
export class AdminTrustListController {
  constructor(private readonly credentials: EudiCredentialsService) {}

  @Get()
  @Reason('Trust list')
  @ApiOperation({
    summary: "The trust list of PID issuers (EUDI_TRUST_LIST_PATH) as read at start, and the list's next update",
    description:
      'A signed EU PID providers list says when its next version is out (`nextUpdate`); past it, the list is refused ' +
      'at the next start, so the operator puts the new list in place before. A PEM bundle has no such date: each ' +
      "certificate's end is shown instead.",
  })
  @ApiEnvelope({
    description: 'The trust list',
    reason: 'Trust list',
    schema: TRUST_LIST_SCHEMA,
    data: TRUST_LIST_EXAMPLE,
  })
  async show(): Promise<TrustListView> {
    return trustListView(await this.credentials.trustList());
  }
}
