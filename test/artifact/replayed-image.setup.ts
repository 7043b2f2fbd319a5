import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayImage } from '../support/image-replay';
import { REPLAYED_HERE } from './replayed-here';

/**
 * Makes the runtime stage the suites start: in ARTIFACT_DIR when it names one already replayed (it holds `dist`), else
 * by replaying the Dockerfile there (kept) or, without ARTIFACT_DIR, in a temporary folder removed at the end. The
 * build stage's folder holds the development dependencies too, and goes as soon as the runtime stage is copied.
 */
export default function replayedImage(): void {
  const given = process.env.ARTIFACT_DIR;
  if (given && existsSync(join(given, 'dist'))) return;
  const runtime = given ?? mkdtempSync(join(tmpdir(), 'idflow-artifact-'));
  if (!given) process.env[REPLAYED_HERE] = runtime;
  mkdirSync(runtime, { recursive: true });
  const build = mkdtempSync(join(tmpdir(), 'idflow-image-build-'));
  try {
    replayImage(build, runtime);
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
  process.env.ARTIFACT_DIR = runtime;
}
