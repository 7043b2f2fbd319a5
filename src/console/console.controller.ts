import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { BuiltApp } from '../common/built-app/built-app';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { ApiRateLimited } from '../common/openapi/api-envelope.decorator';
import { Public } from '../common/route-access/public.decorator';
import { CONSOLE_APP_IDS } from '../operators/console-client';
import { ConsoleClientService } from './console-client.service';
import { CONSOLE_POLICY } from './console-policy';

const INDEX = 'index.html';

/** `/console/`: the operator console, a page that runs idflow through the admin API (docs/operations.md). */
@ApiTags('pages')
@Controller('console')
export class ConsoleController {
  private readonly app = new BuiltApp('console', CONSOLE_POLICY, 'console');

  constructor(private readonly client: ConsoleClientService) {}

  @Get()
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'The operator console: sign in with idflow itself, then run the deployment' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The console', content: { 'text/html': { example: '<!doctype html>...' } } })
  @ApiResponse({ status: 503, description: 'The console was not built (`npm run build` builds it)' })
  @ApiRateLimited()
  shell(@Req() request: Request, @Res() response: Response): void {
    // Logins return to /console/, the redirect URI registered for the console's client.
    if (!request.originalUrl.startsWith('/console/')) return response.redirect(301, '/console/');
    this.app.send(response, INDEX);
  }

  @Get('settings.json')
  @Public()
  @RawResponse()
  @ApiOperation({
    summary:
      "How the console signs operators in: its OpenID client, redirect URI, issuer and the client's environment; " +
      "makes idflow's own client for CONSOLE_ENVIRONMENT on first use when CONSOLE_CLIENT_ID is unset",
  })
  @ApiResponse({
    status: 200,
    description: 'The settings',
    content: {
      'application/json': {
        example: {
          clientId: CONSOLE_APP_IDS.production,
          redirectUri: 'https://idflow.example/console/',
          issuer: 'https://idflow.example/oidc',
          environment: 'production',
        },
      },
    },
  })
  @ApiResponse({
    status: 503,
    description:
      'BASE_URL is plain http on a public host (no login could return to it), or CONSOLE_CLIENT_ID names no app',
  })
  @ApiRateLimited()
  async settings(@Res() response: Response): Promise<void> {
    const settings = await this.client.settingsOf();
    response.setHeader('cache-control', 'no-store');
    response.json(settings);
  }

  @Get(':file')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: "One of the console's own files" })
  @ApiParam({ name: 'file', example: 'icon.svg' })
  @ApiResponse({ status: 200, description: 'The file', content: { 'image/svg+xml': { example: '<svg ...' } } })
  @ApiResponse({ status: 404, description: 'The console has no such file' })
  file(@Param('file') file: string, @Res() response: Response): void {
    this.app.send(response, file);
  }

  @Get('assets/:file')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: "The console's scripts and styles, named by their content" })
  @ApiParam({ name: 'file', example: 'index-B2CF10HP.js' })
  @ApiResponse({
    status: 200,
    description: 'The file, cacheable for a year',
    content: { 'text/javascript': { example: 'const e=...' } },
  })
  @ApiResponse({ status: 404, description: 'The console has no such file' })
  asset(@Param('file') file: string, @Res() response: Response): void {
    this.app.send(response, `assets/${file}`);
  }
}
