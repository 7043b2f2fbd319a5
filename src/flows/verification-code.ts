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
  return fourDigits(stampDigest(flow).readUInt16BE(30));
}

/** What the person's app is shown: the code to compare, or (`choice`) three to pick the right one from. */
export interface DeviceVerification {
  verificationCode?: string;
  verificationChoices?: string[];
}

/**
 * The app shows the code itself, or for a `choice` flow the code among two others (taken from the stamp's digest too,
 * so every device shows the same three), in numeric order so that the position tells nothing.
 */
export function deviceVerificationOf(flow: Pick<Flow, 'startMode' | 'stamp' | 'verification'>): DeviceVerification {
  const code = verificationCodeOf(flow);
  if (code === undefined) return {};
  if (flow.verification !== 'choice') return { verificationCode: code };
  const digest = stampDigest(flow);
  const choices = new Set([code]);
  // The digest's first fifteen pairs of bytes give decoys; should they all repeat (never, in practice), neighbours do.
  for (let offset = 0; choices.size < 3; offset += 2) {
    choices.add(fourDigits(offset < 30 ? digest.readUInt16BE(offset) : Number(code) + offset));
  }
  return { verificationChoices: [...choices].sort() };
}

const stampDigest = (flow: Pick<Flow, 'stamp'>) => createHash('sha256').update(flow.stamp).digest();
const fourDigits = (value: number) => String(value % 10_000).padStart(4, '0');
