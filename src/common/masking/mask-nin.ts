/**
 * `12345678901` -> `*******8901`: where a NIN is shown to someone who may not learn it (a review page shared by every
 * signee, a stream opened with the API key alone), its owner can still recognise it.
 */
export function maskNin(nin: string): string {
  const shown = nin.length > 4 ? nin.slice(-4) : '';
  return `${'*'.repeat(nin.length - shown.length)}${shown}`;
}
