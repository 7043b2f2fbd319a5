import type { Flow } from '../flows/flow.entity';

/** Where a login stands, as the page polls it: while pending the QR frame of this second; once over, where to go. */
export interface LoginProgress {
  state: 'pending' | 'finished';
  status: Flow['status'];
  /** The animated QR code's frame of this second, as SVG, and the frame itself for the same-device link. */
  qrSvg?: string;
  link?: string;
  verificationCode?: string;
  /** Once finished: the client's redirect URI, with the code or `error=access_denied`. */
  redirectTo?: string;
}
