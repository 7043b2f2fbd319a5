import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RawResponse, Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope } from '../common/openapi/api-envelope.decorator';
import { OperatorAuditService } from '../operators/operator-audit.service';
import { AdminOnly } from './admin-only.decorator';
import { AuditAfterDto, AuditQueryDto } from './audit-query.dto';
import { AUDIT_ENTRY_VIEW_EXAMPLE } from './operator-examples';
import { AUDIT_PAGE_SCHEMA } from './operator.schemas';
import { auditEntryView } from './operator-views';
import type { AuditPageView } from './admin-view-types';

const DEFAULT_PAGE = 100;

/** Waits until the client has read what was written, or has gone. */
function drainedOrClosed(response: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.on('drain', done).on('close', done);
  });
}

@ApiTags('admin')
@AdminOnly()
@Controller('admin/audit')
export class AdminAuditController {
  constructor(private readonly audit: OperatorAuditService) {}

  @Get()
  @Reason('Audit entries')
  @ApiOperation({
    summary:
      'What operators changed, oldest or newest first, a page at a time: who, what, when and the status it got; ' +
      '`next` is the `after` of the following page',
  })
  @ApiEnvelope({
    description: 'A page of the audit log; an empty page when there is nothing after `after`',
    reason: 'Audit entries',
    schema: AUDIT_PAGE_SCHEMA,
    data: { entries: [AUDIT_ENTRY_VIEW_EXAMPLE], next: AUDIT_ENTRY_VIEW_EXAMPLE.id },
  })
  async page(@Query() query: AuditQueryDto): Promise<AuditPageView> {
    const { entries, next } = await this.audit.page(query.after, query.limit ?? DEFAULT_PAGE, query.order ?? 'oldest');
    return { entries: entries.map(auditEntryView), next: next ?? null };
  }

  @Get('export')
  @RawResponse()
  @ApiOperation({ summary: 'The whole audit log after `after` as JSON lines, one entry per line, oldest first' })
  @ApiProduces('application/x-ndjson')
  @ApiResponse({
    status: 200,
    description: 'One audit entry per line',
    content: {
      'application/x-ndjson': { schema: { type: 'string', example: JSON.stringify(AUDIT_ENTRY_VIEW_EXAMPLE) } },
    },
  })
  async export(@Query() query: AuditAfterDto, @Res() response: Response): Promise<void> {
    response.status(200).setHeader('content-type', 'application/x-ndjson; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    for await (const entry of this.audit.all(query.after)) {
      if (response.destroyed) return;
      if (!response.write(`${JSON.stringify(auditEntryView(entry))}\n`)) await drainedOrClosed(response);
    }
    response.end();
  }
}
