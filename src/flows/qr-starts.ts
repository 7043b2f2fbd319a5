import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../common/crypto/digest';
import { randomBase62 } from '../common/ids/random-id';
import { AppConfig } from '../config/app-config';
import { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { QrFrameRefusedError } from './errors/qr-frame-refused.error';
import { FlowCode } from './flow-code.entity';
import type { Flow } from './flow.entity';
import { FlowRepository } from './flow.repository';
import { type QrFrame, type QrStart, qrFrameCode, qrFrameUri } from './qr-frame';

/** The whole seconds since the flow was created: the clock of its frames. */
const secondsSince = (flow: Pick<Flow, 'createdAt'>, now: number) => Math.floor((now - flow.createdAt) / 1000);

/** A flow's start token, found: the flow it starts, and the token and secret its frames are made with. */
export interface QrStartEntry extends QrStart {
  flowId: string;
}

/**
 * The animated QR codes of flows a person starts themselves (wildcard, and same-device shown on a desktop): each flow
 * gets a public start token and a secret the integrator's backend keeps; a frame is valid only near its own second. The
 * token is kept as a digest, the secret sealed.
 */
@Injectable()
export class QrStarts {
  private readonly secrets: SealedColumn<FlowCode>;

  constructor(
    private readonly flows: FlowRepository,
    private readonly config: AppConfig,
    sealedColumns: SealedColumns,
  ) {
    this.secrets = sealedColumns.register({ entity: FlowCode, idProperty: 'codeDigest', valueProperty: 'secret' });
  }

  /** Makes a flow's start token and secret, and the code row that keeps them, for the insert that creates the flow. */
  prepare(flowId: string, now: number): { qr: QrStart; row: FlowCode } {
    const qr = { startToken: randomBase62(32), startSecret: randomBase62(40) };
    const codeDigest = sha256Hex(qr.startToken);
    // The token too, so that the service can draw the frames for an integrator who asks (GET /api/v2/flow/qr).
    const secret = this.secrets.seal(codeDigest, JSON.stringify(qr));
    return { qr, row: { codeDigest, flowId, kind: 'qr', createdAt: now, secret } };
  }

  /** The flow, token and secret of a start token, or undefined for a token nobody issued. */
  async findByToken(startToken: string): Promise<QrStartEntry | undefined> {
    return this.entryOf(await this.flows.findQrStart({ codeDigest: sha256Hex(startToken) }));
  }

  /** The start token and secret of a flow, or undefined for a flow without an animated QR code. */
  async findByFlow(flowId: string): Promise<QrStartEntry | undefined> {
    return this.entryOf(await this.flows.findQrStart({ flowId }));
  }

  private entryOf(entry: FlowCode | null): QrStartEntry | undefined {
    if (!entry?.secret) return undefined;
    const qr = JSON.parse(this.secrets.open(entry.codeDigest, entry.secret)) as QrStart;
    return { flowId: entry.flowId, ...qr };
  }

  /** Refuses a frame whose time is not near the real time since the flow was made, or whose code is not its own. */
  check(frame: QrFrame, entry: QrStartEntry, flow: Pick<Flow, 'createdAt'>, now: number): void {
    const elapsed = secondsSince(flow, now);
    const tolerance = this.config.QR_FRAME_TOLERANCE_SECONDS;
    if (Math.abs(frame.time - elapsed) > tolerance) {
      throw new QrFrameRefusedError(
        `This QR frame is ${Math.abs(frame.time - elapsed)} seconds off (at most ${tolerance}): scan the code on the screen again`,
      );
    }
    const expected = Buffer.from(qrFrameCode(entry.startSecret, frame.time), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(frame.code, 'hex'))) {
      throw new QrFrameRefusedError('This QR frame was not made with the code on the screen: scan it again');
    }
  }

  /** The frame of this second, for integrators who would rather not compute it. */
  frameAt(entry: QrStartEntry, flow: Pick<Flow, 'createdAt'>, now: number): { frame: string; time: number } {
    const time = Math.max(0, secondsSince(flow, now));
    return { frame: qrFrameUri(entry, time), time };
  }
}
