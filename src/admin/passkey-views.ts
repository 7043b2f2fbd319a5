import type { DevicePasskeyOf } from './admin-persons.service';
import { seconds } from './admin-views';

/** A device's passkey as the operator sees it: which device it answers for and when, never its key or credential id. */
export interface PasskeyView {
  deviceId: string;
  deviceLabel: string;
  /** What the browser said the authenticator is reached by (`internal`, `usb`, `hybrid`, ...). */
  transports: string[];
  createdAt: number;
  /** When an operator revoked it; the device's approvals are refused until it registers a new one. */
  revokedAt: number | null;
  /** When the device itself was revoked, which ends its passkey's use too. */
  deviceRevokedAt: number | null;
}

export const PASSKEY_VIEW_EXAMPLE: PasskeyView = {
  deviceId: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY',
  deviceLabel: "Chinedu's phone",
  transports: ['internal', 'hybrid'],
  createdAt: 1763703660,
  revokedAt: null,
  deviceRevokedAt: null,
};

export function passkeyView({ passkey, device }: DevicePasskeyOf): PasskeyView {
  return {
    deviceId: device.id,
    deviceLabel: device.label,
    transports: JSON.parse(passkey.transports) as string[],
    createdAt: seconds(passkey.createdAt),
    revokedAt: passkey.revokedAt === null ? null : seconds(passkey.revokedAt),
    deviceRevokedAt: device.revokedAt === null ? null : seconds(device.revokedAt),
  };
}
