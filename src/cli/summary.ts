/** A title line and aligned `label: value` lines, the human form of a command's result. */
export function summary(title: string, fields: Record<string, string>): string {
  const width = Math.max(...Object.keys(fields).map((label) => label.length)) + 1;
  const lines = Object.entries(fields).map(([label, value]) => `  ${`${label}:`.padEnd(width)} ${value}`);
  return [title, ...lines].join('\n');
}

export const isoTime = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
