import { createHash } from 'node:crypto';
import type { Flow } from './flow.entity';

/**
 * The four digits a pushed flow shows on the integrator's screen and in the person's app, so the person can tell that
 * the request on their phone is the one in front of them (and not one someone else started). Derived as Smart-ID
 * derives its code from the challenge: the last two bytes of a SHA-256, here of the flow's stamp (its own signed,
 * unpredictable material), mod 10000. Only pushed flows have one: the others are started by the person themselves.
 */
export function verificationCodeOf(flow: Pick<Flow, 'startMode' | 'stamp'>): string | undefined {
  if (flow.startMode !== 'different-device') return undefined;
  const digest = createHash('sha256').update(flow.stamp).digest();
  return String(digest.readUInt16BE(digest.length - 2) % 10_000).padStart(4, '0');
}
