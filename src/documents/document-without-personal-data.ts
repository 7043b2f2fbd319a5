import { maskNin } from '../common/masking/mask-nin';
import type { DocumentView } from './document-view';

/**
 * The document object for an observer who gave the API key alone: every status, count and digest stays, so a page can
 * show progress; NINs are masked, and emails and IP addresses are left out.
 */
export function documentWithoutPersonalData(view: DocumentView): DocumentView {
  return {
    ...view,
    to: view.to.map(maskNin),
    signee: view.signee.map(({ ip: _ip, ...signee }) => ({ ...signee, nin: maskNin(signee.nin), email: '' })),
    statusLog: view.statusLog.map((entry) => ({ ...entry, nin: maskNin(entry.nin) })),
    signatures: view.signatures.map((signature) => ({ ...signature, nin: maskNin(signature.nin) })),
    request: { ...view.request, ip: '' },
  };
}
