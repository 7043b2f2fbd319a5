import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pageNonce, sendHtmlPage } from '../common/html/send-html-page';
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
    const nonce = pageNonce();
    const html = review ? renderReviewPage(review, nonce) : renderReviewNotFoundPage(nonce);
    // The PDF is framed from this origin or the file CDN.
    const frameSources = ["'self'", new URL(this.config.CDN_URL).origin];
    sendHtmlPage(response, { status: review ? 200 : 404, html, nonce }, { connectsToSelf: true, frameSources });
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
