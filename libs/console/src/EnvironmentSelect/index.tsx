import type { Environment } from '../admin-types';

/** Sandbox or production, as apps and persons are kept apart. */
export function EnvironmentSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Environment;
  onChange: (environment: Environment) => void;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Environment)}>
      <option value="sandbox">sandbox</option>
      <option value="production">production</option>
    </select>
  );
}
