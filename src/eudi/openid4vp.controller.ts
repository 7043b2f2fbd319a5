import { Body, Controller, Get, Header, HttpCode, Param, Post, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { Consumes } from '../common/http/consumes.decorator';
import { ApiFailure, ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { OPENID4VP_PATHS } from './openid4vp-paths';
import { SANDBOX_STATUS_LIST_TTL_SECONDS } from './sandbox-status-list';
import { StatusListsService } from './status-lists.service';
import { WalletResponseDto } from './wallet-response.dto';
import { WalletVerifierService } from './wallet-verifier.service';
import { ErasureRequestDto } from './erasure-request.dto';
import { WalletErasuresService } from './wallet-erasures.service';
import { type WalletErasureView, walletErasureView } from './wallet-erasure-view';
import { ERASURE_ANSWER_SCHEMA, WALLET_ERASURE_EXAMPLE } from './erasure.schemas';

const REQUEST_OBJECT_TYPE = 'application/oauth-authz-req+jwt';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const STATUS_LIST_TYPE = 'application/statuslist+jwt';

/**
 * A route a wallet's answer reaches, however it travels: public, answered outside the envelope, and documented alike,
 * since both are checked by the same verifier.
 */
function WalletAnswerRoute(path: string, operation: { summary: string; description: string }) {
  return applyDecorators(
    Post(`${path}/:flowId`),
    Public(),
    RawResponse(),
    HttpCode(200),
    ApiOperation({
      summary: operation.summary,
      description:
        `${operation.description} A verified PID completes the flow with the claims it proves; the wallet's own ` +
        'error response (OpenID4VP 1.0 8.5: `error`, optionally `error_description`, and the `state`, inside the ' +
        'encrypted response) ends it `rejected` with that reason. Anything else (not a JWE, encrypted to another ' +
        'key, another state, a PID that does not verify, no or a malformed `vp_token`) is refused with a 400 that ' +
        'says why and leaves the flow pending for the wallet to answer again, since anyone who saw the QR code can ' +
        'post one.',
    }),
    ApiRateLimited(),
    ApiFailure(400, 'The answer is refused; the flow is left as it was', "The issuer's signature does not hold"),
    ApiFailure(404, 'No such wallet flow', 'No such flow'),
    ApiOkResponse({
      description:
        "The presentation or the wallet's refusal is accepted: an empty JSON object, as OpenID4VP 1.0 8.2 allows",
      content: { 'application/json': { schema: { type: 'object' }, example: {} } },
    }),
  );
}

/**
 * What an EU wallet reaches: a wallet flow's request object, and where it (or the page that asked it through the
 * browser's Digital Credentials API) posts its answer. Wallets hold no keys of ours.
 */
@ApiTags('openid4vp')
@Controller()
export class Openid4vpController {
  constructor(
    private readonly verifier: WalletVerifierService,
    private readonly statusLists: StatusListsService,
    private readonly erasures: WalletErasuresService,
  ) {}

  @Get(OPENID4VP_PATHS.sandboxStatusList)
  @Public()
  @RawResponse()
  @Header('content-type', STATUS_LIST_TYPE)
  @Header('cache-control', `public, max-age=${SANDBOX_STATUS_LIST_TTL_SECONDS}`)
  @ApiOperation({
    summary: "The sandbox PID issuer's Token Status List, which its PIDs name in status.status_list",
    description:
      'A `statuslist+jwt` (IETF Token Status List) signed by the sandbox PID issuer, two bits per entry: index 0 ' +
      'VALID, 1 INVALID (revoked), 2 SUSPENDED. `POST /api/v2/sandbox/flows/{id}/present` with `status` presents a ' +
      'PID naming the matching entry.',
  })
  @ApiProduces(STATUS_LIST_TYPE)
  @ApiRateLimited()
  @ApiOkResponse({
    description: 'A compact JWS, not wrapped in the envelope',
    content: { [STATUS_LIST_TYPE]: { schema: { type: 'string' }, example: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' } },
  })
  sandboxStatusList(): Promise<string> {
    return this.statusLists.sandboxListToken();
  }

  @Get(`${OPENID4VP_PATHS.request}/:flowId`)
  @Public()
  @RawResponse()
  @Header('content-type', REQUEST_OBJECT_TYPE)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: "A wallet flow's signed request object (JAR), fetched by the wallet from its request_uri",
    description:
      'Signed by the verifier certificate in its `x5c` header; the `client_id` is `x509_hash:` and that ' +
      "certificate's SHA-256. It carries the DCQL query, the nonce and state, and the flow's response key.",
  })
  @ApiProduces(REQUEST_OBJECT_TYPE)
  @ApiRateLimited()
  @ApiFailure(404, 'No such open wallet flow', 'No such flow')
  @ApiOkResponse({
    description: 'A compact JWS, not wrapped in the envelope',
    content: {
      [REQUEST_OBJECT_TYPE]: { schema: { type: 'string' }, example: 'eyJhbGciOiJFUzI1NiIsIng1YyI6Wy4uLl19.e30.c2ln' },
    },
  })
  requestObject(@Param('flowId') flowId: string): Promise<string> {
    return this.verifier.requestObject(flowId);
  }

  @WalletAnswerRoute(OPENID4VP_PATHS.response, {
    summary: "A wallet's encrypted answer to a wallet flow (response_mode direct_post.jwt)",
    description: "The wallet's form-encoded `response`.",
  })
  @Consumes(FORM_TYPE)
  async response(@Param('flowId') flowId: string, @Body() body: WalletResponseDto): Promise<Record<string, never>> {
    await this.verifier.receive(flowId, body.response, 'direct_post.jwt');
    return {};
  }

  @WalletAnswerRoute(OPENID4VP_PATHS.dcApiResponse, {
    summary: "A wallet's encrypted answer to a wallet flow through the browser's Digital Credentials API (dc_api.jwt)",
    description:
      'The page that called `navigator.credentials.get` with `presentation.digitalCredentials` posts the returned ' +
      "credential's `data` (`{ response }`) here as JSON, to be checked as a wallet's direct answer is.",
  })
  async dcApiResponse(
    @Param('flowId') flowId: string,
    @Body() body: WalletResponseDto,
  ): Promise<Record<string, never>> {
    await this.verifier.receive(flowId, body.response, 'dc_api.jwt');
    return {};
  }

  @Post(OPENID4VP_PATHS.erasureRequest)
  @Public()
  @RawResponse()
  @HttpCode(200)
  @ApiOperation({
    summary: "A wallet's request to erase what it presented (CIR 2024/2982 Article 6, GDPR Article 17)",
    description:
      'The wallet signs the request with the key its presentation was bound to (the SD-JWT VC `cnf` key, or the ' +
      "mdoc's device key), naming the presentation by its request's `nonce` and this verifier by that request's " +
      '`client_id`. idflow forgets the claims the flow released (ping answers `claims: {}`), sends the app ' +
      '`identification.erasure_requested` so it can erase its copy, and keeps a record without the data. A repeat ' +
      'is answered with the first record (`repeated: true`) and changes nothing.',
  })
  @ApiRateLimited()
  @ApiFailure(
    400,
    'Not an erasure request: not a signed JWT of this type, stale, or for another verifier',
    'The erasure request is not valid: "iat" claim timestamp check failed (too far in the past)',
  )
  @ApiFailure(
    403,
    "Not the presenting wallet's: the signature does not hold, or is by another key",
    'The erasure request is forged: it is not signed by the key the presentation was bound to',
  )
  @ApiFailure(
    404,
    'No presentation this verifier accepted has that nonce',
    'The erasure request names no presentation this verifier accepted (nonce): nothing was released here',
  )
  @ApiOkResponse({
    description: "The erasure's record, and whether an earlier request had made it",
    content: {
      'application/json': {
        schema: ERASURE_ANSWER_SCHEMA,
        example: { erasure: WALLET_ERASURE_EXAMPLE, repeated: false },
      },
    },
  })
  async erasureRequest(@Body() body: ErasureRequestDto): Promise<{ erasure: WalletErasureView; repeated: boolean }> {
    const { erasure, repeated } = await this.erasures.receive(body.request);
    return { erasure: walletErasureView(erasure), repeated };
  }
}
