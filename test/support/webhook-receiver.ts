import type { IncomingHttpHeaders } from 'node:http';
import { LocalServer } from './local-server';

/** One webhook as the receiver got it. */
export interface ReceivedWebhook {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; id: string; timestamp: string; reference: string; flow: string; data: Record<string, unknown> };
  /** `performance.now()` when it arrived. */
  at: number;
  /** The status the receiver answered with. */
  answered: number;
}

/** How the receiver answers a webhook: a status, and optionally a delay first. */
export type Answer = { status: number; body?: string; delayMs?: number };
/** `earlier`: how many times this webhook (by `webhook-id`) was received before. */
export type AnswerPolicy = (earlier: number) => Answer;

/**
 * An integrator's webhook endpoint on 127.0.0.1. It records every hit and answers as the test says for the webhook's
 * `reference`, by default 204, so tests sharing one receiver never see each other's webhooks.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** References of webhooks that arrived, answered or not yet. */
  readonly arrivals: string[] = [];
  private readonly policies = new Map<string, AnswerPolicy>();
  private waiters: Array<() => void> = [];

  private constructor(private readonly server: LocalServer) {}

  static async start(port?: number): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const server = await LocalServer.start(
      (request, response, body) => {
        const text = body.toString('utf8');
        const webhook = {
          id: String(request.headers['webhook-id']),
          headers: request.headers,
          body: text,
          json: JSON.parse(text),
          at: performance.now(),
        };
        const self = receiver as WebhookReceiver;
        self.arrivals.push(webhook.json.reference);
        const policy: AnswerPolicy = self.policies.get(webhook.json.reference) ?? (() => ({ status: 204 }));
        const answer = policy(self.received.filter((hit) => hit.id === webhook.id).length);
        const respond = () => {
          self.received.push({ ...webhook, answered: answer.status });
          self.notify();
          response.statusCode = answer.status;
          response.end(answer.body ?? '');
        };
        if (answer.delayMs) setTimeout(respond, answer.delayMs).unref();
        else respond();
      },
      { port },
    );
    receiver = new WebhookReceiver(server);
    return receiver;
  }

  get url(): string {
    return `${this.server.origin}/hooks`;
  }

  get port(): number {
    return this.server.port;
  }

  /** How to answer webhooks with this reference from now on. */
  answer(reference: string, policy: AnswerPolicy): void {
    this.policies.set(reference, policy);
  }

  hitsFor(reference: string): ReceivedWebhook[] {
    return this.received.filter((hit) => hit.json.reference === reference);
  }

  /** Resolves once `count` webhooks with this reference have been answered; fails after `timeoutMs`. */
  async waitFor(reference: string, count: number, timeoutMs = 5000): Promise<ReceivedWebhook[]> {
    const deadline = performance.now() + timeoutMs;
    while (this.hitsFor(reference).length < count) {
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new Error(`expected ${count} webhooks for ${reference}, got ${this.hitsFor(reference).length}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.hitsFor(reference);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
