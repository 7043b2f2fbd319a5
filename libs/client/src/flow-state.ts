import type { IdflowDocument } from './docs.namespace';
import type { DocumentId, FlowView, RequestId } from './flow-view';

/** A flow of any kind as observers see it. */
export type FlowState = FlowView | IdflowDocument;

/** What observing a flow with this id answers: a document for `doc_` ids, a flow view for `req_` ids. */
export type StateOf<Id extends string> = Id extends DocumentId
  ? IdflowDocument
  : Id extends RequestId
    ? FlowView
    : FlowState;
