import type { WalletErasure } from './wallet-erasure.entity';

/** An erasure as the wallet and the app's webhook are told of it: its id, the claims erased by name, and when. */
export interface WalletErasureView {
  id: string;
  claims: string[];
  /** Unix seconds. */
  receivedAt: number;
}

export function walletErasureView(erasure: WalletErasure): WalletErasureView {
  return { id: erasure.id, claims: erasure.claims, receivedAt: Math.floor(erasure.receivedAt / 1000) };
}
