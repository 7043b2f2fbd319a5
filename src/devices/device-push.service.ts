import { Injectable, Logger } from '@nestjs/common';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { OutboundClient } from '../common/outbound/outbound-client';
import { OutboundRefusedError } from '../common/outbound/errors/outbound-refused.error';
import { AppConfig } from '../config/app-config';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import { ServiceKeyService } from '../service-key/service-key.service';
import type { Environment } from '../tenants/environment';
import type { Device } from './device.entity';
import { DevicePushSubscription } from './device-push-subscription.entity';
import { DevicePushSubscriptionRepository } from './device-push-subscription.repository';

/** A browser's PushSubscription as `toJSON()` gives it. */
export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push service's answer that says the subscription is gone for good (RFC 8030 section 7.3). */
const GONE_STATUSES = new Set([404, 410]);
/** Push services answer with a short status body; nothing more of it is read. */
const MAX_ANSWER_BYTES = 4096;
const P256_POINT_BYTES = 65;
const AUTH_SECRET_BYTES = 16;

/**
 * Web Push (RFC 8030) to holders' devices: each device keeps one subscription, sealed at rest; a notification is
 * encrypted for the browser (RFC 8291, aes128gcm) and signed for the push service with the service's VAPID key
 * (RFC 8292) by `web-push`, then sent through the outbound guard like every other request idflow makes. A
 * subscription the push service reports gone is deleted.
 */
@Injectable()
export class DevicePushService {
  private readonly logger = new Logger(DevicePushService.name);
  private readonly sealed: SealedColumn<DevicePushSubscription>;

  constructor(
    private readonly subscriptions: DevicePushSubscriptionRepository,
    private readonly outbound: OutboundClient,
    private readonly serviceKey: ServiceKeyService,
    private readonly config: AppConfig,
    sealedColumns: SealedColumns,
  ) {
    this.sealed = sealedColumns.register({
      entity: DevicePushSubscription,
      idProperty: 'deviceId',
      valueProperty: 'subscription',
    });
  }

  /** What the browser's `PushManager.subscribe` takes as `applicationServerKey`. */
  applicationServerKey(): string {
    return this.serviceKey.vapidKeys().publicKey;
  }

  /** Registers the device's subscription, replacing the one it had. */
  async subscribe(device: Device, input: PushSubscriptionInput): Promise<void> {
    try {
      this.outbound.checkUrl(input.endpoint);
    } catch (error) {
      if (!(error instanceof OutboundRefusedError)) throw error;
      throw new RequestValidationError([{ code: 'custom', path: ['endpoint'], message: `endpoint: ${error.message}` }]);
    }
    checkKeyLength(input.keys.p256dh, P256_POINT_BYTES, 'p256dh', 'an uncompressed P-256 public key');
    checkKeyLength(input.keys.auth, AUTH_SECRET_BYTES, 'auth', 'a 16-byte authentication secret');
    const plain = JSON.stringify({
      endpoint: input.endpoint,
      keys: { p256dh: input.keys.p256dh, auth: input.keys.auth },
    });
    await this.subscriptions.upsert({
      deviceId: device.id,
      subscription: this.sealed.seal(device.id, plain),
      updatedAt: Date.now(),
    });
  }

  /** The active devices of these NINs that have a subscription, oldest first, in one query. */
  subscribedDevicesOf(nins: string[], environment: Environment): Promise<Device[]> {
    if (nins.length === 0) return Promise.resolve([]);
    return this.subscriptions.subscribedDevicesOf(nins, environment);
  }

  /** Whether the device has a subscription, for the app to know whether to subscribe again. */
  async isSubscribed(device: Device): Promise<boolean> {
    return this.subscriptions.existsFor(device.id);
  }

  /**
   * Sends one notification to the device, if it has a subscription; `payload` must carry no personal data, since the
   * push service keeps it (encrypted) until delivery. Failures are logged, not thrown: a notice is a courtesy, the
   * device stream and the inbox are the record.
   */
  async notify(device: Device, payload: string, ttlSeconds: number): Promise<void> {
    const row = await this.subscriptions.findFor(device.id);
    if (!row) return;
    try {
      const subscription = JSON.parse(this.sealed.open(device.id, row.subscription)) as PushSubscriptionInput;
      const vapid = this.serviceKey.vapidKeys();
      // web-push loads with the first notice sent, not at every start.
      const { generateRequestDetails } = await import('web-push');
      const details = generateRequestDetails(subscription, payload, {
        vapidDetails: { subject: this.config.VAPID_SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: Math.max(0, Math.floor(ttlSeconds)),
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      });
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const answer = await this.outbound.request({
        url: details.endpoint,
        method: details.method,
        headers,
        body: details.body,
        maxResponseBytes: MAX_ANSWER_BYTES,
        oversize: 'truncate',
        followRedirects: false,
      });
      if (GONE_STATUSES.has(answer.status)) {
        // Only the subscription that was gone: the browser may have subscribed again meanwhile.
        await this.subscriptions.deleteIfUnchanged(device.id, row.updatedAt);
      } else if (answer.status >= 300) {
        this.logger.warn({ deviceId: device.id, status: answer.status }, 'The push service refused a notification');
      }
    } catch (error) {
      this.logger.warn({ err: error, deviceId: device.id }, 'Could not send a push notification');
    }
  }
}

function checkKeyLength(value: string, bytes: number, name: string, what: string): void {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value) || Buffer.from(value, 'base64url').length !== bytes) {
    throw new RequestValidationError([
      { code: 'custom', path: ['keys', name], message: `keys.${name} must be ${what}, base64url-encoded` },
    ]);
  }
}
