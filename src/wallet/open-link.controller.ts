import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pageNonce, sendHtmlPage } from '../common/html/send-html-page';
import { Public } from '../common/route-access/public.decorator';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { isTerminal } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import { linkDeepLink } from '../flows/deep-link';
import { renderOpenLinkPage } from './open-link.page';
import { qrSvg } from '../common/html/qr-svg';

/** `{OPEN_URL}/open/<code>`: the link a same-device flow returns (DESIGN section 5). */
@ApiTags('pages')
@Controller('open')
export class OpenLinkController {
  constructor(private readonly flows: FlowsService) {}

  @Get(':code')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'The page behind a same-device link: opens the digital-ID app on the flow' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The page', content: { 'text/html': { example: '<!doctype html>...' } } })
  @ApiResponse({
    status: 404,
    description: 'The link is unknown, used or expired',
    content: { 'text/html': { example: '<!doctype html>...' } },
  })
  async open(@Param('code') code: string, @Res() response: Response): Promise<void> {
    const flow = await this.pickableFlow(code);
    const deepLink = linkDeepLink(code);
    const nonce = pageNonce();
    const html = renderOpenLinkPage({
      flow: flow && { appName: flow.appName, action: flow.action, payload: flow.payload },
      deepLink,
      // Only a live link shows its QR code; an unknown code may be any length, too long to encode.
      qrSvg: flow ? await this.qrSvg(flow) : '',
      nonce,
    });
    sendHtmlPage(response, { status: flow ? 200 : 404, html, nonce }, { connectsToSelf: true });
  }

  /**
   * The animated QR code's frame of this second, drawn for the page, which asks every second: whoever holds the link
   * may pick the flow up anyway, so the frames tell them nothing more. 404 once the flow is picked up or over.
   */
  @Get(':code/qr-frame')
  @Public()
  @RawResponse()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "The link page's animated QR code: the frame of this second, as SVG in JSON" })
  @ApiResponse({
    status: 200,
    description: 'The frame',
    content: { 'application/json': { example: { svg: '<svg...' } } },
  })
  @ApiResponse({ status: 404, description: 'The link is unknown, used or expired' })
  async qrFrame(@Param('code') code: string): Promise<{ svg: string }> {
    const flow = await this.pickableFlow(code);
    if (!flow) throw new FlowNotFoundError();
    return { svg: await this.qrSvg(flow) };
  }

  private async qrSvg(flow: Flow): Promise<string> {
    const { frame } = await this.flows.currentQrFrame(flow);
    return qrSvg(frame);
  }

  private async pickableFlow(code: string): Promise<Flow | null> {
    try {
      const flow = await this.flows.findByCode(code, 'link');
      return isTerminal(flow.status) || flow.deviceId !== null ? null : flow;
    } catch (error) {
      if (error instanceof FlowNotFoundError) return null;
      throw error;
    }
  }
}
