/**
 * `12345678901` -> `*******8901`: the review page is shared by every signee, so each may recognise their own NIN
 * without learning anyone else's.
 */
export function maskNin(nin: string): string {
  const shown = nin.length > 4 ? nin.slice(-4) : '';
  return `${'*'.repeat(nin.length - shown.length)}${shown}`;
}
