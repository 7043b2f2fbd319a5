import type { DevicePasskeyOf } from './admin-persons.service';
import type { PasskeyView } from './admin-view-types';
import { seconds } from './admin-views';

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
