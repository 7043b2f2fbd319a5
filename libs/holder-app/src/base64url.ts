const encoder = new TextEncoder();

/** base64url without padding, as JOSE writes it. */
export function base64url(bytes: Uint8Array | string): string {
  const raw = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  let binary = '';
  for (const byte of raw) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => encoder.encode(text);
