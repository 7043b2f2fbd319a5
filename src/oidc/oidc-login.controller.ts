import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { LOGIN_PROGRESS_SCHEMA } from './oidc-login.schemas';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import { RawResponse, Reason } from '../common/envelope/envelope.decorator';
import { pageNonce, sendHtmlPage } from '../common/html/send-html-page';
import {
  ApiEnvelope,
  ApiFailure,
  ApiTooManyStreams,
  ApiValidationFailure,
} from '../common/openapi/api-envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { LoginNinDto } from './login-nin.dto';
import { LoginUidParamDto } from './login-uid-param.dto';
import { renderLoginPage } from './oidc-login.page';
import type { LoginProgress } from './login-progress';
import { OidcLoginService } from './oidc-login.service';
import { OidcSandboxLoginService } from './oidc-sandbox-login.service';

const PROGRESS_EXAMPLE: LoginProgress = {
  state: 'finished',
  status: 'completed',
  redirectTo: 'https://idflow.example/oidc/auth/hQx3oRZr7uB0QwYbC4lKp',
};
const EXPIRED = ApiFailure(
  404,
  'The login is unknown, over, or was opened in another browser',
  'This login has expired',
);
const BAD_NIN = ApiValidationFailure({
  path: ['nin'],
  message: 'nin must be a NIN of 11 to 32 characters',
  code: 'custom',
});

/**
 * The hosted login page of "Log in with OIDC" (`/oidc/interaction/<uid>`) and the calls its script makes; the
 * provider's cookie ties each to the browser that started the authorization request.
 */
@ApiTags('oidc')
@Controller('oidc/interaction/:uid')
export class OidcLoginController {
  constructor(
    private readonly logins: OidcLoginService,
    private readonly sandboxLogins: OidcSandboxLoginService,
  ) {}

  @Get()
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'The login page: a QR code to scan, a link to the app on this phone, and a push to a NIN' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The page', content: { 'text/html': { example: '<!doctype html>...' } } })
  @EXPIRED
  async page(
    @Param() _params: LoginUidParamDto,
    @Req() request: Request,
    @Res() response: Response,
    @CurrentClient() client: ClientContext,
  ): Promise<void> {
    const view = await this.logins.open(request, response, client);
    const nonce = pageNonce();
    sendHtmlPage(response, { status: 200, html: renderLoginPage(view, nonce), nonce }, { connectsToSelf: true });
  }

  @Get('progress')
  @Public()
  @Reason('Login progress')
  @ApiOperation({
    summary: "Where the login stands: the QR code's frame of this second, or where to go once it is over",
  })
  @ApiEnvelope({
    description: 'The progress',
    reason: 'Login progress',
    schema: LOGIN_PROGRESS_SCHEMA,
    data: PROGRESS_EXAMPLE,
  })
  @EXPIRED
  progress(
    @Param() _params: LoginUidParamDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.logins.progress(request, response);
  }

  @Get('events')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: "Server-sent events of the login's flow, without personal data: the page asks for its progress on each",
  })
  @ApiProduces('text/event-stream')
  @ApiResponse({
    status: 200,
    description: 'A stream of `data: <ping envelope>` events; it ends after the terminal event',
    content: { 'text/event-stream': { example: 'data: {"status":"successful","reason":"Flow state",...}\n\n' } },
  })
  @ApiTooManyStreams('this flow, app or client IP')
  @EXPIRED
  async events(
    @Param() _params: LoginUidParamDto,
    @Req() request: Request,
    @Res() response: Response,
    @CurrentClient() client: ClientContext,
  ): Promise<void> {
    await this.logins.stream(request, response, client);
  }

  @Post('push')
  @Public()
  @Reason('Login sent to the app')
  @ApiOperation({
    summary: "Send the login to the digital-ID app of this NIN's person instead",
    description:
      'Anyone may open a login page, so the answer is the same whether the NIN has a digital ID or not: without one, ' +
      'the login reaches no app and waits until it expires. Pushes to one NIN from all login pages are counted apart ' +
      "from any app's CIBA logins of that person (`OIDC_PUSHES_PER_NIN` each).",
  })
  @ApiEnvelope({
    status: 201,
    description: 'The progress',
    reason: 'Login sent to the app',
    schema: LOGIN_PROGRESS_SCHEMA,
    data: PROGRESS_EXAMPLE,
  })
  @BAD_NIN
  @ApiFailure(
    403,
    'The app is not provisioned for identification:another',
    'This app is not provisioned for the identification:another scope; contact support to enable it',
  )
  @ApiFailure(
    429,
    'This page, or this NIN, has had its pushes (`OIDC_PUSHES_PER_LOGIN`, `OIDC_PUSHES_PER_NIN`); see `Retry-After`',
    'This login has been sent to an app as often as it may be; scan the QR code instead',
  )
  @EXPIRED
  push(
    @Param() _params: LoginUidParamDto,
    @Body() body: LoginNinDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentClient() client: ClientContext,
  ) {
    return this.logins.push(request, response, body.nin, client);
  }

  @Post('sandbox-approve')
  @Public()
  @Reason('Approved as a test person')
  @ApiOperation({ summary: 'Sandbox apps: approve the login as a test person, through their virtual device' })
  @ApiEnvelope({
    status: 201,
    description: 'The progress',
    reason: 'Approved as a test person',
    schema: LOGIN_PROGRESS_SCHEMA,
    data: PROGRESS_EXAMPLE,
  })
  @BAD_NIN
  @ApiFailure(403, 'Not a sandbox app, or not a test person', 'Only a sandbox app can approve as a test person')
  @EXPIRED
  sandboxApprove(
    @Param() _params: LoginUidParamDto,
    @Body() body: LoginNinDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentClient() client: ClientContext,
  ) {
    return this.sandboxLogins.approveAsTestPerson(request, response, body.nin, client);
  }

  @Post('cancel')
  @Public()
  @Reason('Login cancelled')
  @ApiOperation({ summary: 'Give up: the flow is cancelled and the app hears access_denied' })
  @ApiEnvelope({
    status: 201,
    description: 'Where to go',
    reason: 'Login cancelled',
    schema: LOGIN_PROGRESS_SCHEMA,
    data: PROGRESS_EXAMPLE,
  })
  @EXPIRED
  cancel(@Param() _params: LoginUidParamDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.logins.cancel(request, response);
  }
}
