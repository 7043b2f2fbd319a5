import { Consumes, JSON_MEDIA_TYPE } from '../common/http/consumes.decorator';
import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { VERIFICATION_SCHEMA } from './verification.schemas';
import {
  ApiBody,
  ApiExtraModels,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { pageNonce, sendHtmlPage } from '../common/html/send-html-page';
import { Public } from '../common/route-access/public.decorator';
import { RawResponse, Reason } from '../common/envelope/envelope.decorator';
import {
  ApiEnvelope,
  ApiFailure,
  ApiRateLimited,
  ApiValidationFailure,
} from '../common/openapi/api-envelope.decorator';
import { AppConfig } from '../config/app-config';
import { UploadedPdf } from './uploaded-pdf.decorator';
import { VERIFIED_EXAMPLE } from './verification-examples';
import type { Verification } from './verification-result';
import { VerifyByUrlDto } from './verification.dto';
import { VerificationService } from './verification.service';
import { renderVerifyPage } from './verify.page';

/** `{SIGN_URL}/verify`, printed in every stamped page's footer: anyone can check a signed PDF, with no account. */
@ApiTags('verification')
@Controller('verify')
export class VerificationController {
  constructor(
    private readonly verification: VerificationService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'The verification page: upload a signed PDF or give its link, and see who signed it' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The page', content: { 'text/html': { example: '<!doctype html>...' } } })
  @ApiRateLimited()
  page(@Res() response: Response): void {
    const nonce = pageNonce();
    const html = renderVerifyPage({ nonce, maxFileBytes: this.config.MAX_FILE_BYTES });
    sendHtmlPage(response, { status: 200, html, nonce }, { connectsToSelf: true });
  }

  @Post()
  @Public()
  @HttpCode(200)
  @Reason('File checked')
  @ApiOperation({
    summary: 'Checks whether a PDF is a signed copy we issued, unaltered, and says who signed it and when',
    description:
      'Send the PDF itself (`Content-Type: application/pdf`, at most MAX_FILE_BYTES) or JSON `{ "url": ... }`. ' +
      'Answers 200 whether or not the file verifies: `result` is `verified`, `altered` (it names one of our ' +
      'documents but is not our copy) or `unknown` (not a document we issued).',
  })
  @ApiExtraModels(VerifyByUrlDto)
  @Consumes(JSON_MEDIA_TYPE, 'application/pdf')
  @ApiBody({
    required: false,
    schema: { oneOf: [{ $ref: getSchemaPath(VerifyByUrlDto) }, { type: 'string', format: 'binary' }] },
  })
  @ApiEnvelope({
    description: 'The verdict',
    reason: 'File checked',
    schema: VERIFICATION_SCHEMA,
    data: VERIFIED_EXAMPLE,
  })
  @ApiValidationFailure({ path: ['url'], message: 'url: The URL must use https', code: 'custom' })
  @ApiFailure(413, 'The upload is larger than MAX_FILE_BYTES', 'The request body is larger than MAX_FILE_BYTES')
  @ApiRateLimited()
  verify(@UploadedPdf() upload: Buffer | undefined, @Body() body: VerifyByUrlDto): Promise<Verification> {
    return this.verification.verifySubmission({ upload, url: body.url });
  }
}
