/**
 * A QR code of `text` as SVG, as the hosted pages draw one. The qrcode library loads with the first code drawn rather
 * than at every start: only pages of flows started by scanning draw one.
 */
export async function qrSvg(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(text, { type: 'svg', margin: 1 });
}
