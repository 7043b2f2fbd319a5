import { readFileSync } from 'node:fs';

/** The parts of V8's `.heapsnapshot` format read here: a flat array of nodes, described by `meta`. */
interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Objects of one kind: V8's node type and, for objects and closures, the constructor's or function's name. */
interface KindTotals {
  count: number;
  bytes: number;
}

// Strings and numbers are grouped by type alone; a string's own text would make one kind of each.
const GROUPED_BY_TYPE = new Set(['string', 'concatenated string', 'sliced string', 'number']);

function totalsByKind(path: string): Map<string, KindTotals> {
  const snapshot = JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const totals = new Map<string, KindTotals>();
  for (let node = 0; node < snapshot.nodes.length; node += fields.length) {
    const type = types[snapshot.nodes[node + typeAt]];
    const name = GROUPED_BY_TYPE.has(type) ? '' : snapshot.strings[snapshot.nodes[node + nameAt]].slice(0, 60);
    const kind = name ? `${type} ${name}` : type;
    const entry = totals.get(kind) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += snapshot.nodes[node + sizeAt];
    totals.set(kind, entry);
  }
  return totals;
}

/**
 * Prints what the heap grew by between two snapshots, per unit (an open stream, say), by kind of object: each kind's
 * own size (V8's self size, not what it keeps alive), its count per unit, and the whole growth per unit.
 */
export function printHeapGrowth(before: string, after: string, units: number, kinds = 20): void {
  const earlier = totalsByKind(before);
  const growth = [...totalsByKind(after)].map(([kind, { count, bytes }]) => ({
    kind,
    count: (count - (earlier.get(kind)?.count ?? 0)) / units,
    bytes: (bytes - (earlier.get(kind)?.bytes ?? 0)) / units,
  }));
  const total = growth.reduce((sum, entry) => sum + entry.bytes, 0);
  console.log(`  heap graph growth per stream: ${Math.round(total).toLocaleString('en')} B (self sizes), by kind:`);
  for (const { kind, count, bytes } of growth.sort((a, b) => b.bytes - a.bytes).slice(0, kinds)) {
    console.log(`  ${String(Math.round(bytes)).padStart(7)} B ${count.toFixed(1).padStart(6)} x ${kind}`);
  }
}
