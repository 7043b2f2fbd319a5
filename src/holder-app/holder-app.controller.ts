import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import type { Request, Response } from 'express';
import { BuiltApp } from '../common/built-app/built-app';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { HOLDER_APP_POLICY } from './holder-app-policy';

const INDEX = 'index.html';

/** `/app/`: the holder app, an installable web app that answers flows through the Wallet API (docs/holder.md). */
@ApiTags('pages')
@Controller('app')
export class HolderAppController {
  private readonly app = new BuiltApp('holder app', HOLDER_APP_POLICY, 'holder-app');

  @Get()
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'The holder app: enroll this browser as a device, then answer the flows it is sent' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The app', content: { 'text/html': { example: '<!doctype html>...' } } })
  @ApiResponse({ status: 503, description: 'The app was not built (`npm run build` builds it)' })
  @ApiRateLimited()
  shell(@Req() request: Request, @Res() response: Response): void {
    // The service worker's scope is /app/: the app is always opened under it.
    if (!request.originalUrl.startsWith('/app/')) return response.redirect(301, '/app/');
    this.app.send(response, INDEX);
  }

  @Get(':file')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: "One of the holder app's own files: its manifest, service worker or icons" })
  @ApiParam({ name: 'file', example: 'manifest.webmanifest' })
  @ApiResponse({
    status: 200,
    description: 'The file',
    content: { 'application/manifest+json': { example: { name: 'idflow Wallet', start_url: '/app/' } } },
  })
  @ApiResponse({ status: 404, description: 'The app has no such file' })
  file(@Param('file') file: string, @Res() response: Response): void {
    this.app.send(response, file);
  }

  @Get('assets/:file')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: "The holder app's scripts and styles, named by their content" })
  @ApiParam({ name: 'file', example: 'index-B2CF10HP.js' })
  @ApiResponse({
    status: 200,
    description: 'The file, cacheable for a year',
    content: { 'text/javascript': { example: 'const e=...' } },
  })
  @ApiResponse({ status: 404, description: 'The app has no such file' })
  asset(@Param('file') file: string, @Res() response: Response): void {
    this.app.send(response, `assets/${file}`);
  }
}
