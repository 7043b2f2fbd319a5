/** The custom scheme the digital-ID app registers: it opens the app on the flow a code or seed belongs to. */
export const APP_SCHEME = 'idflow';

export function linkDeepLink(code: string): string {
  return `${APP_SCHEME}://flow?code=${encodeURIComponent(code)}`;
}

export function seedDeepLink(seed: string): string {
  return `${APP_SCHEME}://flow?seed=${encodeURIComponent(seed)}`;
}
