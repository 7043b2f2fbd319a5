import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT = join(__dirname, '..', '..');

/** Prints the functions with the most self time in the `.cpuprofile` files of a directory, summed over the files. */
export function printTopSelfTime(directory: string, count: number): void {
  const selfMicros = new Map<string, number>();
  const packageMicros = new Map<string, number>();
  let totalMicros = 0;
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    profile.samples.forEach((id, index) => {
      const frame = frames.get(id);
      const delta = profile.timeDeltas[index] ?? 0;
      if (!frame) return;
      const where = frame.url ? `${relative(ROOT, frame.url.replace('file://', ''))}:${frame.lineNumber + 1}` : '';
      const key = `${frame.functionName || '(anonymous)'} ${where}`;
      selfMicros.set(key, (selfMicros.get(key) ?? 0) + delta);
      const owner = packageOf(where);
      packageMicros.set(owner, (packageMicros.get(owner) ?? 0) + delta);
      totalMicros += delta;
    });
  }
  console.log(`\ntop self time in ${directory} (${(totalMicros / 1e6).toFixed(1)} s sampled)`);
  const print = (entries: Map<string, number>) => {
    for (const [key, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(`${((100 * micros) / totalMicros).toFixed(1).padStart(5)}%  ${key}`);
    }
  };
  print(selfMicros);
  console.log('\nself time by package (node_modules) or folder (our code)');
  print(packageMicros);
}

/** `typeorm`, `@nestjs/core`, `src/auth`, `node:internal` ...: who owns a frame's code. */
function packageOf(where: string): string {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (module) return module[1];
  const ours = /^dist\/((?:src|libs)\/[^/]+)/.exec(where);
  if (ours) return ours[1];
  if (where.startsWith('node:')) return 'node:internal';
  return where === '' ? '(native, gc, idle)' : where.split(':')[0];
}
