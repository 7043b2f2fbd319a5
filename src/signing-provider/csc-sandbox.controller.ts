import { Body, Controller, Headers, HttpCode, Post, UseFilters, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { Consumes } from '../common/http/consumes.decorator';
import { Public } from '../common/route-access/public.decorator';
import { CSC_ANSWERS } from './csc-answers';
import { CscRefusalFilter } from './csc-refusal.filter';
import { cscBasePath } from '../remote-signing/csc-constants';
import { CscAuthorizeDto, CscCredentialInfoDto, CscCredentialsListDto, CscSignHashDto, CscTokenDto } from './csc.dto';
import { SandboxSigningProvider } from './sandbox-signing-provider.service';

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** CSC API v2 10.1's error answer. */
const CSC_ERROR = {
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['error', 'error_description'],
        properties: { error: { type: 'string' }, error_description: { type: 'string' } },
      },
      example: { error: 'invalid_request', error_description: 'Invalid parameter credentialID' },
    },
  },
};

/** A CSC API v2 method: public (its own bearer token is checked inside), answered as the CSC API shapes it. */
function CscMethod(path: string, summary: string, answer: keyof typeof CSC_ANSWERS) {
  return applyDecorators(
    Post(path),
    Public(),
    RawResponse(),
    HttpCode(200),
    ApiOperation({
      summary,
      description:
        "The sandbox remote signing service provider (CSC API v2), for test persons only; refusals are CSC's " +
        '`{ error, error_description }` with 400 or 401. docs/documents.md describes it.',
    }),
    ApiOkResponse({
      description: 'The CSC API v2 answer',
      content: { 'application/json': CSC_ANSWERS[answer] },
    }),
    ApiResponse({ status: 400, description: 'Refused: the request, or what it asks', ...CSC_ERROR }),
    ApiResponse({ status: 401, description: 'No valid client credentials or access token', ...CSC_ERROR }),
  );
}

/** The sandbox signing service provider's CSC API v2, at `{BASE_URL}/csc/v2`. */
@ApiTags('signing-provider')
@Controller(cscBasePath)
@UseFilters(CscRefusalFilter)
export class CscSandboxController {
  constructor(private readonly provider: SandboxSigningProvider) {}

  @CscMethod('info', 'CSC v2 info: what the sandbox signing provider offers', 'info')
  info() {
    return this.provider.info();
  }

  @CscMethod('oauth2/token', 'OAuth2 client credentials token for the sandbox signing provider', 'token')
  @Consumes(FORM_TYPE)
  token(@Body() body: CscTokenDto) {
    return this.provider.token(body.grant_type, body.client_id, body.client_secret);
  }

  @CscMethod(
    'credentials/list',
    "CSC v2 credentials/list: a test person's credential, enrolled when first asked for",
    'list',
  )
  async list(@Headers('authorization') authorization: string | undefined, @Body() body: CscCredentialsListDto) {
    await this.provider.authenticate(authorization);
    return this.provider.listCredentials(body.userID);
  }

  @CscMethod(
    'credentials/info',
    "CSC v2 credentials/info: the credential's key and certificate chain",
    'credentialInfo',
  )
  async credentialInfo(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: CscCredentialInfoDto,
  ) {
    await this.provider.authenticate(authorization);
    return this.provider.credentialInfo(body.credentialID);
  }

  @CscMethod(
    'credentials/authorize',
    'CSC v2 credentials/authorize: a SAD bound to exactly these hashes (SCAL2)',
    'authorize',
  )
  async authorize(@Headers('authorization') authorization: string | undefined, @Body() body: CscAuthorizeDto) {
    await this.provider.authenticate(authorization);
    return this.provider.authorize(body);
  }

  @CscMethod('signatures/signHash', 'CSC v2 signatures/signHash: signs the hashes its SAD authorizes', 'signHash')
  async signHash(@Headers('authorization') authorization: string | undefined, @Body() body: CscSignHashDto) {
    await this.provider.authenticate(authorization);
    return this.provider.signHash(body);
  }
}
