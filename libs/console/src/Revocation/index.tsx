import { when } from '../format';

/**
 * A row's revocation: when it was revoked, and for those who may, a button to revoke it while it is not. `label`
 * names the thing for screen readers, as every row's button says only "Revoke".
 */
export function RevocationCells({
  revokedAt,
  mayRevoke,
  busy,
  label,
  revoke,
}: {
  revokedAt: number | null;
  mayRevoke: boolean;
  busy: boolean;
  label: string;
  revoke: () => void;
}) {
  return (
    <>
      <td>{revokedAt === null ? 'no' : when(revokedAt)}</td>
      {mayRevoke && (
        <td>
          {revokedAt === null && (
            <button type="button" class="danger" disabled={busy} aria-label={`Revoke ${label}`} onClick={revoke}>
              Revoke
            </button>
          )}
        </td>
      )}
    </>
  );
}
