import { Controller, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { DocumentArchiveService } from '../documents/document-archive.service';
import { AdminOnly } from './admin-only.decorator';
import { ARCHIVE_RENEWAL_SCHEMA } from './admin.schemas';
import { DocumentIdParamDto } from './document-id-param.dto';

/** What an archive renewal did: whether this call renewed the copy, or another renewal got there first. */
export interface ArchiveRenewalView {
  document: string;
  renewed: boolean;
}

@ApiTags('admin')
@AdminOnly('owner')
@Controller('admin/documents')
export class AdminDocumentsController {
  constructor(private readonly archive: DocumentArchiveService) {}

  @Post(':documentId/archive/renew')
  @Reason('Archive renewal done')
  @ApiOperation({
    summary: "Add a fresh DSS and document timestamp to a completed document's stamped copy now (archive renewal)",
    description:
      'Same as `npm run cli -- archive:renew`. The service renews every copy on its own before its latest ' +
      'timestamp certificate expires; this renews one now, due or not. Needs `TSA_URL`.',
  })
  @ApiEnvelope({
    status: 201,
    description: '`renewed` is false when another renewal of the same copy got there first: nothing was done',
    reason: 'Archive renewal done',
    schema: ARCHIVE_RENEWAL_SCHEMA,
    data: { document: 'doc_4mQ9zXwL2pR7vK1sN8bT3yC6hJ0dF5gA9eU2iO7q', renewed: true },
  })
  @ApiValidationFailure({
    path: ['documentId'],
    message: 'documentId must be a document id (doc_...)',
    code: 'invalid_string',
  })
  @ApiFailure(404, 'No completed document with a stamped copy has this id', 'No such flow')
  @ApiFailure(409, 'TSA_URL is not set', 'Archive renewal needs a timestamp authority: TSA_URL is not set')
  async renew(@Param() params: DocumentIdParamDto): Promise<ArchiveRenewalView> {
    return { document: params.documentId, renewed: await this.archive.renewNow(params.documentId) };
  }
}
