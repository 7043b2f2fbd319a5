import { rmSync } from 'node:fs';
import { REPLAYED_HERE } from './replayed-here';

/** Removes the runtime stage the global setup replayed into a temporary folder; one ARTIFACT_DIR names is kept. */
export default function removeReplayedImage(): void {
  const temporary = process.env[REPLAYED_HERE];
  if (temporary) rmSync(temporary, { recursive: true, force: true });
}
