import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { MetricsExposition, REFUSAL_REASONS } from './metrics-exposition';

/**
 * `/metrics` on METRICS_PORT, a plain HTTP server of its own outside the app's routing, rate limit and logs, so that a
 * port only the scraper can reach may serve it without a token (or with one, when METRICS_TOKEN is set too).
 */
@Injectable()
export class MetricsPortServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsPortServer.name);
  private server?: Server;

  constructor(private readonly exposition: MetricsExposition) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.exposition.ownPort;
    if (port === undefined) return;
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics on port ${port} at /metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics') return this.reply(response, 404, 'Not found: metrics are at /metrics\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return this.reply(response, 405, 'Only GET\n');
    }
    const refusal = this.exposition.refusal(true, request.headers.authorization);
    if (refusal) {
      response.setHeader('www-authenticate', 'Bearer realm="idflow-metrics"');
      return this.reply(response, 401, `${REFUSAL_REASONS[refusal]}\n`);
    }
    try {
      const text = await this.exposition.render();
      response.writeHead(200, { 'content-type': this.exposition.contentType, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : text);
    } catch (error) {
      this.logger.error({ err: error }, 'Could not collect the metrics');
      this.reply(response, 500, 'Could not collect the metrics\n');
    }
  }

  private reply(response: ServerResponse, status: number, text: string): void {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    response.end(text);
  }
}
