import { BoundedLoad } from './bounded-load';
import { FileHost, makePdf } from './pdf-fixtures';
import { ScaledPair } from './scaled-pair';
import { WebhookReceiver } from './webhook-receiver';

/** The load each fault suite runs: a few loops, bounded in requests and time whatever happens to the service. */
const LOAD_LIMITS = { workers: 4, maxRequests: 4000, maxMs: 60_000 };

/**
 * What every fault suite runs on: two instances (ScaledPair) and the integrator around them, a file host their
 * documents come from and the webhook endpoint their flows report to.
 */
export class FaultRig {
  private constructor(
    readonly pair: ScaledPair,
    readonly files: FileHost,
    readonly receiver: WebhookReceiver,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<FaultRig> {
    const files = await FileHost.start();
    const receiver = await WebhookReceiver.start();
    const pair = await ScaledPair.start(env).catch(async (error: unknown) => {
      await Promise.all([files.close(), receiver.close()]);
      throw error;
    });
    return new FaultRig(pair, files, receiver);
  }

  /** A load of one-page documents and flows reporting to the receiver, started; `label` marks its webhooks. */
  async startLoad(label: string): Promise<BoundedLoad> {
    const fileUrl = this.files.put(`/${label}.pdf`, await makePdf(1, label));
    const load = new BoundedLoad(this.pair, { ...LOAD_LIMITS, webhookUrl: this.receiver.url, fileUrl }, label);
    load.start();
    return load;
  }

  async close(): Promise<void> {
    await this.pair.stop();
    await Promise.all([this.files.close(), this.receiver.close()]);
  }
}
