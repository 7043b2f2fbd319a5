/** `bcn_AbCdEfGh...WxYz` -> `bcn_AbCd****WxYz`: enough to recognise an id, not enough to use it. */
export function maskId(id: string): string {
  const separator = id.indexOf('_');
  const prefix = id.slice(0, separator + 1);
  const body = id.slice(separator + 1);
  if (body.length <= 8) return `${prefix}****`;
  return `${prefix}${body.slice(0, 4)}****${body.slice(-4)}`;
}
