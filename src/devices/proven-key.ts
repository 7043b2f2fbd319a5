import type { JWK } from 'jose';
import type { DeviceAlgorithm } from './device-algorithm';

/** A key that proved possession of itself, for enrollment. */
export interface ProvenKey {
  alg: DeviceAlgorithm;
  publicJwk: JWK;
  thumbprint: string;
}
