import type { JsonAnswer } from './json-call';
import type { ScaledPair } from './scaled-pair';
import type { ServiceProcess } from './service-process';

export type LoadOperation = 'create' | 'ping' | 'signing create' | 'approval' | 'document create' | 'signature';

/** One answer the load got; status 0 when the instance gave none (its connection failed). */
export interface LoadAnswer {
  operation: LoadOperation;
  instance: string;
  status: number;
  reason?: string;
  /** The Retry-After header, when the answer had one. */
  retryAfter?: string;
  at: number;
}

export interface LoadLimits {
  /** Loops running at once. */
  workers: number;
  /** Requests in all, at the most. */
  maxRequests: number;
  /** How long the load may run, at the most. */
  maxMs: number;
  /** The URL webhooks of the load's signing flows and documents go to. */
  webhookUrl: string;
  /** The URL of a PDF the load's documents are made from. */
  fileUrl: string;
}

// Spaces the requests of each loop, so that the load stays a load and not a flood on a shared machine; a refusal waits
// longer, as a client backing off would.
const PAUSE_MS = 20;
const PAUSE_AFTER_FAILURE_MS = 100;

/**
 * A bounded mix of what integrators and holders do, spread over both instances of a pair: identification creates and
 * pings, signing flows approved through the simulator, and documents signed by two signees. Every answer is kept,
 * with what each successful write made, for the checks after a fault.
 */
export class BoundedLoad {
  readonly answers: LoadAnswer[] = [];
  /** Flows and documents whose create was answered 201. */
  readonly created: string[] = [];
  /** Signing flows whose approval was answered 201, by webhook reference. */
  readonly approved = new Map<string, string>();
  /** Documents whose last signature was answered 201, by webhook reference. */
  readonly completed = new Map<string, string>();
  private stopped = false;
  private sent = 0;
  private loops: Promise<void>[] = [];
  private readonly startedAt = Date.now();

  constructor(
    private readonly pair: ScaledPair,
    private readonly limits: LoadLimits,
    /** Marks this load's webhook references, so a receiver shared with other traffic tells them apart. */
    private readonly label: string,
  ) {}

  start(): void {
    this.loops = Array.from({ length: this.limits.workers }, (_, worker) => this.loop(worker));
  }

  /** Ends the loops after their current step. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  /** How many answers of each status the load got, for the figures a run prints. */
  countsByStatus(): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const { status } of this.answers) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }

  private get done(): boolean {
    return this.stopped || this.sent >= this.limits.maxRequests || Date.now() - this.startedAt > this.limits.maxMs;
  }

  private async loop(worker: number): Promise<void> {
    for (let round = 0; !this.done; round++) {
      const on = this.pair.instances[(worker + round) % 2];
      const other = this.pair.instances[(worker + round + 1) % 2];
      const reference = `${this.label}-${worker}-${round}`;
      const steps = [
        () => this.identification(on, other),
        () => this.signing(on, other, reference),
        () => this.identification(other, on),
        () => this.document(on, other, reference),
      ];
      const succeeded = await steps[round % steps.length]();
      await new Promise((resolve) => setTimeout(resolve, succeeded ? PAUSE_MS : PAUSE_AFTER_FAILURE_MS));
    }
  }

  private async identification(on: ServiceProcess, pingOn: ServiceProcess): Promise<boolean> {
    const created = await this.send('create', on, '/api/v2/identification/same-device', {
      action: 'login',
      claims: ['naming.name'],
      payload: 'Fault load',
    });
    if (!created) return false;
    return Boolean(await this.send('ping', pingOn, '/api/v2/flow/ping', { request: created }));
  }

  private async signing(on: ServiceProcess, approveOn: ServiceProcess, reference: string): Promise<boolean> {
    const [nin] = this.pair.sandbox.nins;
    const created = await this.send('signing create', on, '/api/v2/signing/different-device', {
      action: 'sign',
      nin,
      payload: `Fault load ${reference}`,
      webhook: { host: this.limits.webhookUrl, reference },
    });
    if (!created) return false;
    if (!(await this.send('approval', approveOn, `/api/v2/sandbox/flows/${created}/approve`, { nin }))) return false;
    this.approved.set(reference, created);
    return true;
  }

  private async document(on: ServiceProcess, signOn: ServiceProcess, reference: string): Promise<boolean> {
    const [first, second] = this.pair.sandbox.nins;
    const created = await this.send('document create', on, '/api/v2/document/signing', {
      to: [first, second],
      file: { url: this.limits.fileUrl, title: `Fault load ${reference}` },
      webhook: { host: this.limits.webhookUrl, reference },
    });
    if (!created) return false;
    for (const [index, nin] of [first, second].entries()) {
      const path = `/api/v2/sandbox/flows/${created}/approve`;
      if (!(await this.send('signature', index === 0 ? on : signOn, path, { nin }))) return false;
    }
    this.completed.set(reference, created);
    return true;
  }

  /**
   * Sends one request and records its answer; resolves with the flow id a create answered with (any other success with
   * the path), or undefined on a refusal.
   */
  private async send(
    operation: LoadOperation,
    on: ServiceProcess,
    path: string,
    body: object,
  ): Promise<string | undefined> {
    this.sent++;
    let answer: JsonAnswer | undefined;
    try {
      answer = await this.pair.call(on, path, body);
    } catch {
      answer = undefined;
    }
    const status = answer?.status ?? 0;
    this.answers.push({
      operation,
      instance: on.baseUrl,
      status,
      reason: answer?.body.reason,
      retryAfter: answer?.headers.get('retry-after') ?? undefined,
      at: Date.now(),
    });
    if (!answer || status >= 300) return undefined;
    if (!operation.endsWith('create')) return path;
    const id: string = answer.body.data.request.id;
    this.created.push(id);
    return id;
  }
}
