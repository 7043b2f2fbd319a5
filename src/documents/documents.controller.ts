import { verificationCodeOf } from '../flows/verification-code';
import { Body, Controller, HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { type CredentialRule, ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import type { ApiVersion } from '../common/envelope/envelope';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { Versioned } from '../platform/versioned.decorator';
import { DOCUMENT_EXAMPLES } from './document-examples';
import { DOCUMENT_AUDIT_SCHEMA, DOCUMENT_CREATED_SCHEMAS, DOCUMENT_REFRESH_SCHEMA } from './document.schemas';
import { DocumentAuditTrail, type AuditEventView } from './document-audit-trail.service';
import { DocumentPresenter } from './document.presenter';
import type { DocumentView } from './document-view';
import { DocumentRefreshDto } from './document-refresh.dto';
import { DocumentReviewDto } from './document-review.dto';
import { DocumentSigningDto } from './document-signing.dto';
import { DocumentsService } from './documents.service';

const CreateDocs = (version: ApiVersion, summary: string, reason: string, kind: 'signing' | 'review') =>
  applyDecorators(
    ApiOperation({ summary }),
    ApiEnvelope({
      status: 201,
      description: 'The document flow',
      reason,
      version,
      schema: DOCUMENT_CREATED_SCHEMAS[kind],
      data: DOCUMENT_EXAMPLES[kind],
    }),
    ApiValidationFailure(
      {
        path: ['file', 'url'],
        message: 'file.url: The file is not a usable PDF: it does not start with a %PDF- header',
      },
      version,
    ),
    ApiFailure(
      403,
      'The app lacks the scope',
      'This app is not provisioned for the document:sign scope; contact support to enable it',
      version,
    ),
  );

/** A create operation under v2 and v1, each with the document credentials of its version. */
function CreateRoute(kind: 'signing' | 'review') {
  return Versioned(['v2', 'v1'], (version) => createRoute(kind, version, ROUTE_CREDENTIALS.document[version]));
}

function createRoute(kind: 'signing' | 'review', version: ApiVersion, credentials: CredentialRule) {
  const summary =
    kind === 'signing'
      ? "Have one or more NINs sign a PDF in their digital-ID app: pushed to each NIN's devices"
      : 'Have structured signees review and sign a PDF on a hosted page: returns the page link';
  return applyDecorators(
    Post(`${version}/document/${kind}`),
    Auth({ ...credentials, scope: 'document:sign', billing: 'signature', idempotent: true }),
    Reason('Document flow created'),
    CreateDocs(version, summary, 'Document flow created', kind),
  );
}

/** Refresh under v2 and v1, each with the document credentials of its version. */
function RefreshRoute() {
  return Versioned(['v2', 'v1'], (version) => refreshRoute(version, ROUTE_CREDENTIALS.document[version]));
}

function refreshRoute(version: ApiVersion, credentials: CredentialRule) {
  return applyDecorators(
    Post(`${version}/document/refresh`),
    HttpCode(200),
    Auth({ ...credentials, scope: 'document:sign' }),
    Reason('Document state'),
    ApiOperation({ summary: 'The latest state of a document: statusLog, signatures and, once complete, file.stamped' }),
    ApiEnvelope({
      description: 'The document',
      reason: 'Document state',
      version,
      schema: DOCUMENT_REFRESH_SCHEMA,
      data: DOCUMENT_EXAMPLES.refresh,
    }),
    ApiValidationFailure(
      { path: ['flow'], message: 'flow must be a document id of 40 to 64 characters', code: 'too_small' },
      version,
    ),
    ApiFailure(404, 'No such document, or one of another app', 'No such flow', version),
  );
}

/** The audit trail under v2 and v1, each with the document credentials of its version. */
function AuditRoute() {
  return Versioned(['v2', 'v1'], (version) => auditRoute(version, ROUTE_CREDENTIALS.document[version]));
}

function auditRoute(version: ApiVersion, credentials: CredentialRule) {
  return applyDecorators(
    Post(`${version}/document/audit`),
    HttpCode(200),
    Auth({ ...credentials, scope: 'document:sign' }),
    Reason('Document audit trail'),
    ApiOperation({
      summary:
        "A document's audit trail, oldest first: created, pushed, reminded, viewed, signed, declined, stamped, sealed, " +
        'expired, cancelled, each with its time, the NIN masked, device, IP and the SHA-256 of the document then',
    }),
    ApiEnvelope({
      description: 'The audit trail',
      reason: 'Document audit trail',
      version,
      schema: DOCUMENT_AUDIT_SCHEMA,
      data: DOCUMENT_EXAMPLES.audit,
    }),
    ApiValidationFailure(
      { path: ['flow'], message: 'flow must be a document id of 40 to 64 characters', code: 'too_small' },
      version,
    ),
    ApiFailure(404, 'No such document, or one of another app', 'No such flow', version),
  );
}

/** Document flows (spec 4.5): signing, hosted review and refresh, v2 and the v1 mirror. */
@ApiTags('document')
@Controller('api')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly presenter: DocumentPresenter,
    private readonly trail: DocumentAuditTrail,
  ) {}

  @CreateRoute('signing')
  async signing(
    @Body() body: DocumentSigningDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ request: DocumentView; verificationCode: string }> {
    const created = await this.documents.create(principal, { delivery: 'signing', ...body }, client);
    return { request: this.presenter.view(created), verificationCode: verificationCodeOf(created.flow) as string };
  }

  @CreateRoute('review')
  async review(
    @Body() body: DocumentReviewDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ link: string; request: DocumentView; verificationCode: string }> {
    const created = await this.documents.create(principal, { delivery: 'review', ...body }, client);
    return {
      link: this.presenter.reviewLink(created.flow.id),
      request: this.presenter.view(created),
      verificationCode: verificationCodeOf(created.flow) as string,
    };
  }

  @RefreshRoute()
  async refresh(
    @Body() body: DocumentRefreshDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ doc: DocumentView }> {
    return { doc: this.presenter.view(await this.documents.findForApp(body.flow, principal.app.id)) };
  }

  @AuditRoute()
  async audit(
    @Body() body: DocumentRefreshDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ flow: string; events: AuditEventView[] }> {
    const { flow } = await this.documents.findForApp(body.flow, principal.app.id);
    return { flow: flow.id, events: await this.trail.list(flow.id) };
  }
}
