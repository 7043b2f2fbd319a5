import type { HolderFlowView } from '../flows/kinds/holder-flow-view';
import type { DocumentSignature } from './document-signature';
import type { SigneeStatus } from './signee-status';

/** A document as a signee's device sees it: the flow's fields, and the file to show before signing. */
export interface DocumentHolderView extends HolderFlowView {
  document: {
    name: string;
    /** Where the device downloads the PDF to show it. */
    url: string;
    sha256: string;
    pages: number;
    /** This holder's own status as a signee. */
    signeeStatus: SigneeStatus;
    /** What approving makes: idflow's seal beside the approval, or the holder's own signature by their certificate. */
    signature: DocumentSignature;
  };
}
