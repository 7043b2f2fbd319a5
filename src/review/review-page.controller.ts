import { randomBytes } from 'node:crypto';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/route-access/public.decorator';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { NotFoundError } from '../common/errors/not-found.error';
import { AppConfig } from '../config/app-config';
import type { ReviewState } from './review-state';
import { ReviewService } from './review.service';
import { renderReviewNotFoundPage, renderReviewPage } from './review.page';

/** `{SIGN_URL}/review/<docId>`: the hosted page of a review document (DESIGN section 8). */
@ApiTags('pages')
@Controller('review')
export class ReviewPageController {
  constructor(
    private readonly review: ReviewService,
    private readonly config: AppConfig,
  ) {}

  @Get(':docId')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'The hosted review page: the PDF and its signees, who confirm in their app or decline' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The page', content: { 'text/html': { example: '<!doctype html>...' } } })
  @ApiResponse({
    status: 404,
    description: 'No review document has this id',
    content: { 'text/html': { example: '<!doctype html>...' } },
  })
  async page(@Param('docId') docId: string, @Res() response: Response): Promise<void> {
    const review = await this.findReview(docId);
    const nonce = randomBytes(16).toString('base64');
    response
      .status(review ? 200 : 404)
      .setHeader('content-security-policy', this.policy(nonce))
      .setHeader('cache-control', 'no-store')
      .setHeader('referrer-policy', 'no-referrer')
      .type('html')
      .send(review ? renderReviewPage(review, nonce) : renderReviewNotFoundPage(nonce));
  }

  /**
   * Only the page's own nonce runs; it talks to its own origin; the PDF may be framed from here or the file CDN; and no
   * other site may frame the page, whose buttons sign and decline.
   */
  private policy(nonce: string): string {
    const cdn = new URL(this.config.CDN_URL).origin;
    return [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      `frame-src 'self' ${cdn}`,
      'img-src data:',
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
  }

  private async findReview(docId: string): Promise<ReviewState | null> {
    try {
      return await this.review.state(docId);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }
}
