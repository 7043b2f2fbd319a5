/** The signature algorithms a device key may use. */
export const DEVICE_ALGORITHMS = ['ES256', 'EdDSA'] as const;
export type DeviceAlgorithm = (typeof DEVICE_ALGORITHMS)[number];
