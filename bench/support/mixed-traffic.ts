import { SseClient } from '../../test/support/sse-client';
import { callJson, type JsonAnswer } from '../../test/support/json-call';
import { pause } from '../../test/support/waiting';

/**
 * The traffic: each loop runs the steps in turn until told to stop, counting requests and answers not expected. It can
 * be held quiet for a moment, so that memory is read without the buffers of requests in flight, which swing external
 * memory by tens of MiB from one instant to the next.
 */
export class MixedTraffic {
  requests = 0;
  failures = 0;
  private stopped = false;
  private loops: Promise<void>[] = [];
  private gate?: Promise<void>;
  private parked = 0;
  private onParked?: () => void;

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string>,
    private readonly nins: string[],
    private readonly fileUrl: string,
    private readonly webhookUrl: string,
  ) {}

  start(workers: number): void {
    const steps = [
      () => this.identification(),
      () => this.watchedSigning(),
      () => this.heldPollCancelled(),
      () => this.identification(),
      () => this.document(),
      () => this.unknownFlow(),
    ];
    this.loops = Array.from({ length: workers }, async (_, worker) => {
      for (let round = worker; !this.stopped; round++) {
        await this.passGate();
        await steps[round % steps.length]().catch(() => this.failures++);
      }
    });
  }

  /** Runs `work` once every loop has finished its step and waits, then lets them go on. */
  async quiet<T>(work: () => Promise<T>): Promise<T> {
    let open!: () => void;
    this.gate = new Promise((resolve) => (open = resolve));
    await new Promise<void>((resolve) => {
      this.onParked = () => this.parked === this.loops.length && resolve();
      this.onParked();
    });
    try {
      return await work();
    } finally {
      this.gate = undefined;
      this.onParked = undefined;
      open();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  private async passGate(): Promise<void> {
    if (!this.gate) return;
    this.parked++;
    this.onParked?.();
    await this.gate;
    this.parked--;
  }

  private async call(path: string, body?: object, expected = [200, 201], extra = {}): Promise<JsonAnswer> {
    this.requests++;
    const method = body ? 'POST' : 'GET';
    const answer = await callJson(`${this.baseUrl}${path}`, { method, headers: { ...this.headers, ...extra }, body });
    if (!expected.includes(answer.status)) this.failures++;
    return answer;
  }

  private async create(path: string, body: object): Promise<string> {
    return (await this.call(path, body)).body.data.request.id;
  }

  private async identification(): Promise<void> {
    const id = await this.create('/api/v2/identification/same-device', {
      action: 'login',
      claims: ['naming.name'],
      payload: 'Soak',
    });
    await this.call('/api/v2/flow/ping', { request: id });
  }

  private async watchedSigning(): Promise<void> {
    const [nin] = this.nins;
    const webhook = { host: this.webhookUrl, reference: 'soak-signing' };
    const id = await this.create('/api/v2/signing/different-device', { action: 'sign', nin, payload: 'Soak', webhook });
    this.requests++;
    const stream = await SseClient.open(`${this.baseUrl}/api/v2/flow/sse?request=${id}`, this.headers);
    try {
      await stream.waitFor(1);
      await this.call(`/api/v2/sandbox/flows/${id}/approve`, { nin });
      await stream.ended;
    } finally {
      stream.close();
    }
  }

  private async heldPollCancelled(): Promise<void> {
    const token = (await this.call('/api/v1/flow/authorize')).body.data.token;
    const id = await this.create('/api/v2/identification/same-device', {
      action: 'login',
      claims: ['naming.name'],
      payload: 'Soak',
    });
    const held = this.call('/api/v1/flow/polling', { request: id }, [200], { 'x-access-token': token });
    await pause(100);
    await this.call('/api/v2/flow/cancel', { request: id });
    await held;
  }

  private async document(): Promise<void> {
    const [first, second] = this.nins;
    const id = await this.create('/api/v2/document/signing', {
      to: [first, second],
      file: { url: this.fileUrl, title: 'Soak' },
      webhook: { host: this.webhookUrl, reference: 'soak-document' },
    });
    for (const nin of [first, second]) await this.call(`/api/v2/sandbox/flows/${id}/approve`, { nin });
    await this.call('/api/v2/document/refresh', { flow: id });
  }

  private async unknownFlow(): Promise<void> {
    await this.call('/api/v2/flow/ping', { request: 'req_000000000000000000000000' }, [404]);
  }
}
