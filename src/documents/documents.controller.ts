import { Body, Controller, HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthOptions } from '../auth/auth-options';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import type { ApiVersion } from '../common/envelope/envelope';
import { Reason } from '../common/envelope/envelope.decorators';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorators';
import { DOCUMENT_EXAMPLES } from './document-examples';
import { DocumentPresenter } from './document-presenter';
import type { DocumentView } from './document-view';
import { DocumentRefreshDto, DocumentReviewDto, DocumentSigningDto } from './documents.dto';
import { DocumentsService } from './documents.service';

type Credentials = Pick<AuthOptions, 'credentials' | 'optional'>;

const CreateDocs = (version: ApiVersion, summary: string, reason: string, data: object) =>
  applyDecorators(
    ApiOperation({ summary }),
    ApiEnvelope({ status: 201, description: 'The document flow', reason, version, data }),
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

function CreateRoute(kind: 'signing' | 'review', version: ApiVersion, credentials: Credentials) {
  const summary =
    kind === 'signing'
      ? "Have one or more NINs sign a PDF in their digital-ID app: pushed to each NIN's devices"
      : 'Have structured signees review and sign a PDF on a hosted page: returns the page link';
  return applyDecorators(
    Post(`${version}/document/${kind}`),
    Auth({ ...credentials, scope: 'document:sign', billing: 'signature' }),
    Reason('Document flow created'),
    CreateDocs(version, summary, 'Document flow created', DOCUMENT_EXAMPLES[kind]),
  );
}

function RefreshRoute(version: ApiVersion, credentials: Credentials) {
  return applyDecorators(
    Post(`${version}/document/refresh`),
    HttpCode(200),
    Auth({ ...credentials, scope: 'document:sign' }),
    Reason('Document state'),
    ApiOperation({ summary: 'The latest state of a document: statusLog, signatures and, once complete, file.stamped' }),
    ApiEnvelope({ description: 'The document', reason: 'Document state', version, data: DOCUMENT_EXAMPLES.refresh }),
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
  ) {}

  @CreateRoute('signing', 'v2', ROUTE_CREDENTIALS.document.v2)
  signing(
    @Body() body: DocumentSigningDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ request: DocumentView }> {
    return this.startSigning(body, principal, client);
  }

  @CreateRoute('signing', 'v1', ROUTE_CREDENTIALS.document.v1)
  signingV1(
    @Body() body: DocumentSigningDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ request: DocumentView }> {
    return this.startSigning(body, principal, client);
  }

  @CreateRoute('review', 'v2', ROUTE_CREDENTIALS.document.v2)
  review(
    @Body() body: DocumentReviewDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ link: string; request: DocumentView }> {
    return this.startReview(body, principal, client);
  }

  @CreateRoute('review', 'v1', ROUTE_CREDENTIALS.document.v1)
  reviewV1(
    @Body() body: DocumentReviewDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ link: string; request: DocumentView }> {
    return this.startReview(body, principal, client);
  }

  @RefreshRoute('v2', ROUTE_CREDENTIALS.document.v2)
  refresh(@Body() body: DocumentRefreshDto, @CurrentPrincipal() principal: Principal): Promise<{ doc: DocumentView }> {
    return this.current(body.flow, principal);
  }

  @RefreshRoute('v1', ROUTE_CREDENTIALS.document.v1)
  refreshV1(
    @Body() body: DocumentRefreshDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ doc: DocumentView }> {
    return this.current(body.flow, principal);
  }

  private async startSigning(
    body: DocumentSigningDto,
    principal: Principal,
    client: ClientContext,
  ): Promise<{ request: DocumentView }> {
    const created = await this.documents.create(principal, { mode: 'signing', ...body }, client);
    return { request: this.presenter.view(created) };
  }

  private async startReview(
    body: DocumentReviewDto,
    principal: Principal,
    client: ClientContext,
  ): Promise<{ link: string; request: DocumentView }> {
    const created = await this.documents.create(principal, { mode: 'review', ...body }, client);
    return { link: this.presenter.reviewLink(created.flow.id), request: this.presenter.view(created) };
  }

  private async current(flowId: string, principal: Principal): Promise<{ doc: DocumentView }> {
    return { doc: this.presenter.view(await this.documents.findForApp(flowId, principal.app.id)) };
  }
}
