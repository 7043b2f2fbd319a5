import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { type DeviceRecord, type NewDeviceKey, deviceProof, newDeviceKey } from './device-key';
import { offersPush, pushSubscription } from './sw-bridge';
import type { Approval, Envelope, HistoryEntry, HolderFlow, InboxEvent, PasskeyState } from './wallet-types';

const WALLET = '/wallet/v1';

/** A refusal from the service, with the sentence it gave. */
export class WalletError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, authorization: string, body?: object): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    cache: 'no-store',
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope?.data) {
    const detail = envelope?.errors?.map((issue) => issue.message).join('; ');
    throw new WalletError(response.status, detail || envelope?.reason || response.statusText);
  }
  return envelope.data;
}

/** Every Wallet API call the app makes, each signed with a fresh device proof. */
export class WalletClient {
  constructor(private readonly device: DeviceRecord) {}

  /** Makes the device key and enrolls it with the one-time code; the key never leaves this browser. */
  static async enroll(code: string, label: string): Promise<DeviceRecord> {
    const key: NewDeviceKey = await newDeviceKey();
    const path = `${WALLET}/devices`;
    const { device } = await call<{ device: { id: string; nin: string; label: string } }>(
      'POST',
      path,
      await deviceProof(key.privateKey, { jwk: key.publicJwk }, 'POST', path),
      { code, label },
    );
    return { id: device.id, nin: device.nin, label: device.label, privateKey: key.privateKey, passkey: false };
  }

  /** Creates a passkey (the browser asks for the screen lock) and registers it against this device. */
  async registerPasskey(): Promise<void> {
    const { options } = await this.send<{ options: PublicKeyCredentialCreationOptionsJSON }>(
      'POST',
      `${WALLET}/devices/passkey/options`,
    );
    const credential = await startRegistration({ optionsJSON: options });
    await this.send('POST', `${WALLET}/devices/passkey`, { credential });
  }

  /** Asks the passkey (with user verification) to answer the challenge the service issues for this flow. */
  async passkeyAssertion(flowId: string): Promise<Approval['passkey']> {
    const { options } = await this.send<{ options: PublicKeyCredentialRequestOptionsJSON }>(
      'POST',
      `${WALLET}/flows/${flowId}/passkey-challenge`,
    );
    return startAuthentication({ optionsJSON: options });
  }

  /**
   * Hands the service this browser's push subscription, so flows pushed to the person are announced while the app is
   * closed; nothing happens where the browser has no PushManager or the person does not allow notifications.
   */
  async subscribePush(): Promise<boolean> {
    if (!offersPush()) return false;
    const path = `${WALLET}/devices/push-subscription`;
    const { push } = await this.send<{ push: { applicationServerKey: string } }>('GET', path);
    const subscription = await pushSubscription(push.applicationServerKey);
    if (!subscription) return false;
    await this.send('PUT', path, { endpoint: subscription.endpoint, keys: subscription.keys });
    return true;
  }

  proof(method: string, path: string): Promise<string> {
    return deviceProof(this.device.privateKey, { kid: this.device.id }, method, path);
  }

  private async send<T>(method: string, path: string, body?: object): Promise<T> {
    return call<T>(method, path, await this.proof(method, path), body);
  }

  async accept(flowId: string): Promise<HolderFlow> {
    return (await this.send<{ flow: HolderFlow }>('POST', `${WALLET}/flows/${flowId}/accept`)).flow;
  }

  async pickUp(code: string): Promise<HolderFlow> {
    return (await this.send<{ flow: HolderFlow }>('POST', `${WALLET}/flows/pick-up`, { code })).flow;
  }

  async approve(flowId: string, approval: Approval): Promise<HolderFlow> {
    return (await this.send<{ flow: HolderFlow }>('POST', `${WALLET}/flows/${flowId}/approve`, approval)).flow;
  }

  async decline(flowId: string, reason: string): Promise<HolderFlow> {
    const body = reason ? { reason } : {};
    return (await this.send<{ flow: HolderFlow }>('POST', `${WALLET}/flows/${flowId}/decline`, body)).flow;
  }

  /** The device's passkey as the service has it now, read with its inbox. */
  async passkeyState(): Promise<PasskeyState> {
    return (await this.send<InboxEvent>('GET', `${WALLET}/inbox`)).passkey;
  }

  async history(): Promise<HistoryEntry[]> {
    return (await this.send<{ history: HistoryEntry[] }>('GET', `${WALLET}/history`)).history;
  }

  /** Revokes this device on the service; its key is useless from then on. */
  async remove(): Promise<void> {
    await this.send('DELETE', `${WALLET}/devices/current`);
  }

  streamPath(): string {
    return `${WALLET}/stream`;
  }
}
