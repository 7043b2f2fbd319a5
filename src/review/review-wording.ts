import type { LoadedDocument } from '../documents/document.presenter';
import type { SigneeStatus } from '../documents/signee-status';

const SIGNEE_STATUS_LABELS: Record<SigneeStatus, string> = {
  waiting: 'Waiting for the signees before them',
  pending: 'Not yet signed',
  notified: 'Asked in the digital-ID app',
  viewed: 'Reading it in the digital-ID app',
  signed: 'Signed',
  rejected: 'Declined',
  stale: 'Did not sign',
};

export function signeeStatusLabel(status: SigneeStatus): string {
  return SIGNEE_STATUS_LABELS[status];
}

/** Where a review document stands, in the sentence its page shows at the top. */
export function documentSummary({ flow, signees }: LoadedDocument): string {
  const signed = signees.filter((signee) => signee.status === 'signed').length;
  const ended = 'This document can no longer be signed.';
  switch (flow.status) {
    case 'completed':
      return 'Signed by everyone. The signed PDF is ready.';
    case 'sealing':
      return 'Signed by everyone. The signed PDF is being made.';
    case 'rejected': {
      const decliner = signees.find((signee) => signee.status === 'rejected');
      return `Declined${decliner ? ` by ${decliner.name}` : ''}. ${ended}`;
    }
    case 'cancelled':
      return `Cancelled by ${flow.appName}. ${ended}`;
    case 'expired':
      return `Expired before everyone signed. ${ended}`;
    default:
      return `Waiting for signatures: ${signed} of ${signees.length} signed.`;
  }
}
