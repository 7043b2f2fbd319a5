import type { SealOutlook } from '../documents/document-seal-outlook.service';
import type { TrustListStatus } from '../eudi/eudi-credentials.service';
import type { SealCertificateStatus } from '../seal/seal-credentials.service';
import type { ConnectionsView, SealStatusView, TrustListView } from './admin-view-types';
import { seconds } from './admin-views';

const secondsOrNull = (date: Date | null) => (date === null ? null : seconds(date.getTime()));

/** The authority's address as an operator may see it: its origin and path, never credentials in it or its query. */
export function shownUrl(url: string | undefined): string | null {
  if (!url) return null;
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

export function sealStatusView(
  level: string,
  certificate: SealCertificateStatus,
  timestampAuthority: string | undefined,
  outlook: SealOutlook,
): SealStatusView {
  return {
    level,
    certificate: {
      source: certificate.source,
      subject: certificate.subject,
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
      notBefore: seconds(certificate.notBefore.getTime()),
      notAfter: seconds(certificate.notAfter.getTime()),
    },
    timestampAuthority: shownUrl(timestampAuthority),
    pendingSeals: {
      count: outlook.pendingSeals.count,
      oldest: outlook.pendingSeals.oldest.map((seal) => ({ ...seal, dueAt: seconds(seal.dueAt) })),
    },
    archiveRenewals: {
      count: outlook.archiveRenewals.count,
      next: outlook.archiveRenewals.next.map((renewal) => ({ ...renewal, dueAt: seconds(renewal.dueAt) })),
    },
  };
}

export function trustListView(list: TrustListStatus): TrustListView {
  return {
    form: list.form,
    certificates: list.certificates.map((certificate) => ({
      subject: certificate.subject,
      notAfter: seconds(certificate.notAfter.getTime()),
    })),
    issuedAt: secondsOrNull(list.issuedAt),
    nextUpdate: secondsOrNull(list.nextUpdate),
  };
}

export const SEAL_STATUS_EXAMPLE: SealStatusView = {
  level: 'B-LTA',
  certificate: {
    source: 'sandbox',
    subject: 'CN=idflow sandbox seal, O=idflow',
    issuer: 'CN=idflow sandbox seal CA, O=idflow',
    serialNumber: '246d5d485565686ee55be4ce65ba35f1',
    notBefore: 1763703600,
    notAfter: 1921383600,
  },
  timestampAuthority: 'https://tsa.example/tsr',
  pendingSeals: {
    count: 1,
    oldest: [
      {
        documentId: 'doc_3kR8sT1vW5xY9zA2bC6dE0fG',
        dueAt: 1763790060,
        attempts: 2,
        lastError: 'the timestamp authority answered 503',
      },
    ],
  },
  archiveRenewals: { count: 1, next: [{ documentId: 'doc_8mN2pQ6rS0tU4vW8xY2zA6bC', dueAt: 1792540800 }] },
};

export const TRUST_LIST_EXAMPLE: TrustListView = {
  form: 'pid-providers-list',
  certificates: [{ subject: 'CN=PID Provider of Utopia, O=Utopia, C=UT', notAfter: 1890000000 }],
  issuedAt: 1763683200,
  nextUpdate: 1771459200,
};

export const CONNECTIONS_EXAMPLE: ConnectionsView = {
  instance: 'idflow-7c9f4b6d8-x2kqv:1',
  eventStreams: 14,
  heldPolls: 3,
  apps: [{ appId: 'app_9QwErTyUiOpAsDfGhJkLzXcV', name: 'Acme web', eventStreams: 12, heldPolls: 3 }],
  limits: { flow: 10, app: 1000, clientIp: 100 },
};
