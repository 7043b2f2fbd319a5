import type { SigningDevice } from '../../signatures/signature-receipts.service';
import type { Environment } from '../../tenants/environment';

/** The device a holder acts through, as every kind of flow needs it: its id, NIN, environment and signing key. */
export interface FlowHolder extends SigningDevice {
  environment: Environment;
}
