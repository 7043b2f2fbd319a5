import { Controller, Get, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure } from '../common/openapi/api-envelope.decorator';
import { type SealRevocation, SealCredentialsService } from '../seal/seal-credentials.service';
import { AppConfig } from '../config/app-config';
import { DocumentSealOutlook } from '../documents/document-seal-outlook.service';
import { AdminOnly } from './admin-only.decorator';
import { SEAL_REVOCATION_SCHEMA } from './admin.schemas';
import { SEAL_STATUS_SCHEMA } from './operations.schemas';
import type { SealStatusView } from './admin-view-types';
import { SEAL_STATUS_EXAMPLE, sealStatusView } from './operations-views';

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin/seal')
export class AdminSealController {
  constructor(
    private readonly credentials: SealCredentialsService,
    private readonly outlook: DocumentSealOutlook,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Reason('Seal')
  @ApiOperation({
    summary:
      'The seal certificate and the timestamp authority: the certificate sealing now and how long it lasts, seals ' +
      'still to be made with why their last attempt failed, and the next archive (B-LTA) renewals',
    description:
      'A failing timestamp authority shows here first: seals wait, retried on `SEAL_RETRY_SCHEDULE`, with its answer ' +
      'as their last error. Documents are named by id only. Same figures as `npm run cli -- archive:renew` acts on.',
  })
  @ApiEnvelope({
    description: 'The seal status',
    reason: 'Seal',
    schema: SEAL_STATUS_SCHEMA,
    data: SEAL_STATUS_EXAMPLE,
  })
  async status(): Promise<SealStatusView> {
    const [certificate, outlook] = await Promise.all([this.credentials.certificateStatus(), this.outlook.outlook()]);
    return sealStatusView(this.config.SEAL_LEVEL, certificate, this.config.TSA_URL, outlook);
  }

  @Post('revoke')
  @Reason('Seal certificate revoked')
  @ApiOperation({
    summary: 'Revoke the sandbox seal certificate now, and seal with a new one from the same CA',
    description:
      "Same as `npm run cli -- seal:revoke`. The seal CA's CRL and OCSP answers name the old certificate revoked; " +
      '`/verify` trusts a seal made with it only where a timestamp with validation data (B-LT, B-LTA) proves it was ' +
      "made before. With `SEAL_P12_PATH`, the operator's own CA revokes its certificates: 409.",
  })
  @ApiEnvelope({
    status: 201,
    description: 'The serial numbers (hex) of the revoked certificate and of the one that replaces it',
    reason: 'Seal certificate revoked',
    schema: SEAL_REVOCATION_SCHEMA,
    data: {
      revoked: '32a738948b77eddd89323e366415c42d',
      revokedAt: 1763790000,
      replacedBy: '246d5d485565686ee55be4ce65ba35f1',
    },
  })
  @ApiFailure(
    409,
    "The seal is the operator's PKCS#12, which its own CA revokes",
    "SEAL_P12_PATH is set: the operator's own CA revokes its certificates",
  )
  revoke(): Promise<SealRevocation> {
    return this.credentials.revokeSandboxSeal();
  }
}
