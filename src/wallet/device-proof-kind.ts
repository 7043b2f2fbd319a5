/** Route metadata: which proof a Wallet API route takes, read by the device guard. */
export const DEVICE_PROOF_KIND = 'idflow:device-proof-kind';
export type DeviceProofKind = 'device' | 'enrollment';
