import type { AdminClient } from '../admin-client';
import { when } from '../format';
import { Refusal } from '../Refusal';
import type { Connections, SealStatus, TrustList } from '../admin-types';
import { Table } from '../Table';
import { useLoaded } from '../use-loaded';

/** The running service as operators watch it: the seal and its timestamp authority, the trust list, connections. */
export function Operations({ client }: { client: AdminClient }) {
  return (
    <section aria-labelledby="operations-title">
      <h2 id="operations-title">Operations</h2>
      <Seal client={client} />
      <TrustListCard client={client} />
      <ConnectionsCard client={client} />
    </section>
  );
}

function Seal({ client }: { client: AdminClient }) {
  const seal = useLoaded(() => client.get<SealStatus>('/seal'), [client]);
  const status = seal.value;
  return (
    <section aria-labelledby="seal-title" class="card">
      <h3 id="seal-title">Seal certificate and timestamp authority</h3>
      <Refusal message={seal.error} />
      {status && (
        <>
          <dl class="settings" id="seal-certificate">
            <dt>Sealing at</dt>
            <dd>{status.level}</dd>
            <dt>Certificate</dt>
            <dd>
              {status.certificate.subject}{' '}
              <span class="muted">
                ({status.certificate.source === 'sandbox' ? "idflow's sandbox seal" : "the operator's PKCS#12"}, serial{' '}
                {status.certificate.serialNumber})
              </span>
            </dd>
            <dt>Issued by</dt>
            <dd>{status.certificate.issuer}</dd>
            <dt>Valid</dt>
            <dd>
              {when(status.certificate.notBefore)} to {when(status.certificate.notAfter)}
            </dd>
            <dt>Timestamp authority</dt>
            <dd>{status.timestampAuthority ?? 'none (TSA_URL is unset: seals carry no timestamp)'}</dd>
            <dt>Seals still to make</dt>
            <dd>{status.pendingSeals.count}</dd>
            <dt>Archive (B-LTA) renewals to come</dt>
            <dd>{status.archiveRenewals.count}</dd>
          </dl>
          {status.pendingSeals.count > 0 && (
            <Table
              caption="The seals waiting longest, with why their last attempt failed"
              columns={['Document', 'Next attempt', 'Attempts', 'Last error']}
            >
              {status.pendingSeals.oldest.map((seal) => (
                <tr key={seal.documentId}>
                  <td>
                    <code>{seal.documentId}</code>
                  </td>
                  <td>{when(seal.dueAt)}</td>
                  <td>{seal.attempts}</td>
                  <td>{seal.lastError ?? 'none'}</td>
                </tr>
              ))}
            </Table>
          )}
          {status.archiveRenewals.count > 0 && (
            <Table caption="The next archive renewals" columns={['Document', 'Renewed at']}>
              {status.archiveRenewals.next.map((renewal) => (
                <tr key={renewal.documentId}>
                  <td>
                    <code>{renewal.documentId}</code>
                  </td>
                  <td>{when(renewal.dueAt)}</td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </section>
  );
}

const TRUST_LIST_FORMS: Record<TrustList['form'], string> = {
  none: 'none configured (EUDI_TRUST_LIST_PATH is unset): production wallet flows trust no PID issuer',
  pem: 'a PEM bundle, which has no update date: each certificate ends on its own',
  'pid-providers-list': 'a signed EU PID providers list',
};

function TrustListCard({ client }: { client: AdminClient }) {
  const list = useLoaded(() => client.get<TrustList>('/trust-list'), [client]);
  const read = list.value;
  return (
    <section aria-labelledby="trust-list-title" class="card">
      <h3 id="trust-list-title">Trust list of PID issuers</h3>
      <Refusal message={list.error} />
      {read && (
        <>
          <dl class="settings" id="trust-list">
            <dt>Form</dt>
            <dd>{TRUST_LIST_FORMS[read.form]}</dd>
            {read.nextUpdate !== null && (
              <>
                <dt>Issued</dt>
                <dd>{when(read.issuedAt)}</dd>
                <dt>Next update</dt>
                <dd>{when(read.nextUpdate)}: put the new list in place before, or the next start refuses this one</dd>
              </>
            )}
          </dl>
          {read.certificates.length > 0 && (
            <Table caption="Trusted PID issuers" columns={['Issuer', 'Valid until']}>
              {read.certificates.map((certificate) => (
                <tr key={certificate.subject}>
                  <td>{certificate.subject}</td>
                  <td>{when(certificate.notAfter)}</td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </section>
  );
}

function ConnectionsCard({ client }: { client: AdminClient }) {
  const open = useLoaded(() => client.get<Connections>('/connections'), [client]);
  const counts = open.value;
  return (
    <section aria-labelledby="connections-title" class="card">
      <h3 id="connections-title">Held and streamed connections</h3>
      <button type="button" class="secondary" onClick={open.reload}>
        Refresh connections
      </button>
      <Refusal message={open.error} />
      {counts && (
        <>
          <p id="connections-total">
            On instance <code>{counts.instance}</code>: {counts.eventStreams} event stream(s) and {counts.heldPolls}{' '}
            held poll(s) open. Caps per instance: {counts.limits.app} per app, {counts.limits.flow} per flow,{' '}
            {counts.limits.clientIp} per client IP.
          </p>
          <Table
            caption="Per app, most first (device and review streams belong to no app)"
            columns={['App', 'Event streams', 'Held polls']}
          >
            {counts.apps.map((app) => (
              <tr key={app.appId}>
                <td>
                  {app.name} <span class="muted">{app.appId}</span>
                </td>
                <td>{app.eventStreams}</td>
                <td>{app.heldPolls}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}
