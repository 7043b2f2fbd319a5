import { Body, Controller, Get, HttpCode, Param, Post, Res, applyDecorators } from '@nestjs/common';
import { REVIEW_ANSWER_SCHEMA } from './review.schemas';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/route-access/public.decorator';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import { RawResponse, Reason } from '../common/envelope/envelope.decorator';
import {
  ApiEnvelope,
  ApiFailure,
  ApiTooManyStreams,
  ApiValidationFailure,
} from '../common/openapi/api-envelope.decorator';
import { REVIEW_STATE_EXAMPLE } from './review-examples';
import { ReviewObserverService } from './review-observer.service';
import type { ReviewState } from './review-state';
import { ReviewDeclineDto } from './review-decline.dto';
import { ReviewSigneeParamsDto } from './review.dto';
import { DeclineInAppError } from './errors/decline-in-app.error';
import { ReviewService } from './review.service';

const NO_SUCH_DOCUMENT = 'No such review document';

/** An action the page takes for one signee; the unguessable document id in the path is the capability. */
const SigneeAction = (action: string, summary: string, reason: string, example: Partial<ReviewState>) =>
  applyDecorators(
    Post(`:docId/signees/:position/${action}`),
    HttpCode(200),
    Public(),
    Reason(reason),
    ApiOperation({ summary }),
    ApiEnvelope({
      description: 'The document after the action',
      reason,
      schema: REVIEW_ANSWER_SCHEMA,
      data: { review: { ...REVIEW_STATE_EXAMPLE, ...example } },
    }),
    ApiValidationFailure({
      path: ['position'],
      message: 'position must be the integer index of a signee: 0 for the first',
      code: 'invalid_string',
    }),
    ApiFailure(404, `${NO_SUCH_DOCUMENT}, or no signee at this position`, 'No such flow'),
    ApiFailure(409, 'The signee already signed or declined, or the document ended', 'The flow is already rejected'),
  );

/** What the hosted review page reads and does (DESIGN section 8), in the usual envelope. */
@ApiTags('review')
@Controller('review')
export class ReviewController {
  constructor(
    private readonly review: ReviewService,
    private readonly observer: ReviewObserverService,
  ) {}

  @Get(':docId/state')
  @Public()
  @Reason('Review state')
  @ApiOperation({ summary: 'A review document as its hosted page shows it: file, signees (NINs masked), status' })
  @ApiEnvelope({
    description: 'The document',
    reason: 'Review state',
    schema: REVIEW_ANSWER_SCHEMA,
    data: { review: REVIEW_STATE_EXAMPLE },
  })
  @ApiFailure(404, NO_SUCH_DOCUMENT, 'No such flow')
  async state(@Param('docId') docId: string): Promise<{ review: ReviewState }> {
    return { review: await this.review.state(docId) };
  }

  @Get(':docId/events')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary: 'Server-sent events: the review state at once, on every change and every 2 seconds, until it ends',
  })
  @ApiProduces('text/event-stream')
  @ApiResponse({
    status: 200,
    description: 'A stream of `data: <review state envelope>` events; it ends after the document has ended',
    content: {
      'text/event-stream': {
        example: `data: ${JSON.stringify({ status: 'successful', reason: 'Review state', version: 'v2', data: { review: REVIEW_STATE_EXAMPLE } })}\n\n`,
      },
    },
  })
  @ApiFailure(404, `${NO_SUCH_DOCUMENT} (answered before the stream starts)`, 'No such flow')
  @ApiTooManyStreams('this document or from this client IP')
  async events(
    @Param('docId') docId: string,
    @CurrentClient() client: ClientContext,
    @Res() response: Response,
  ): Promise<void> {
    await this.observer.stream(docId, response, client.ip);
  }

  @SigneeAction(
    'push',
    "Ask the signee's digital-ID app: the document is pushed to their devices, where they sign or decline",
    'Signee notified',
    { signees: [REVIEW_STATE_EXAMPLE.signees[0], { ...REVIEW_STATE_EXAMPLE.signees[1], status: 'notified' }] },
  )
  async push(@Param() params: ReviewSigneeParamsDto): Promise<{ review: ReviewState }> {
    return { review: await this.review.push(params.docId, Number(params.position)) };
  }

  @SigneeAction(
    'sandbox-sign',
    "Sign with the sandbox test device: a sandbox app's synthetic test persons only (403 otherwise)",
    'Document signed',
    {
      status: 'completed',
      open: false,
      summary: 'Signed by everyone. The signed PDF is ready.',
      file: {
        ...REVIEW_STATE_EXAMPLE.file,
        stamped: 'http://localhost:3000/files/Xk2Lm9QwEr4TyUi7OpAs1DfGh6JkLz8XcVb0NmQ3.pdf',
      },
      signees: REVIEW_STATE_EXAMPLE.signees.map((signee) => ({
        ...signee,
        status: 'signed',
        statusLabel: 'Signed',
        open: false,
        signedAt: 1763700600,
      })),
    },
  )
  @ApiFailure(
    403,
    'The signee is not a synthetic test person, or the app is a production app',
    'The sandbox test device signs only for synthetic test persons on documents of sandbox apps',
  )
  async sandboxSign(
    @Param() params: ReviewSigneeParamsDto,
    @CurrentClient() client: ClientContext,
  ): Promise<{ review: ReviewState }> {
    return { review: await this.review.sandboxSign(params.docId, Number(params.position), client.ip) };
  }

  @SigneeAction(
    'decline',
    "Decline with the sandbox test device: a sandbox app's synthetic test persons only (403 otherwise: a real " +
      'signee declines in their digital-ID app after a push). The document ends as rejected for everyone',
    'Document declined',
    {
      status: 'rejected',
      open: false,
      summary: 'Declined by Bola Ade. This document can no longer be signed.',
      signees: [
        REVIEW_STATE_EXAMPLE.signees[0],
        { ...REVIEW_STATE_EXAMPLE.signees[1], status: 'rejected', statusLabel: 'Declined', open: false },
      ],
    },
  )
  @ApiFailure(
    403,
    'The signee is not a synthetic test person, or the app is a production app',
    new DeclineInAppError().reason,
  )
  async decline(
    @Param() params: ReviewSigneeParamsDto,
    @Body() body: ReviewDeclineDto,
    @CurrentClient() client: ClientContext,
  ): Promise<{ review: ReviewState }> {
    return { review: await this.review.sandboxDecline(params.docId, Number(params.position), client.ip, body.reason) };
  }
}
