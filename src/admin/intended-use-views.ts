import type { WalletIntendedUse } from '../eudi/wallet-intended-use.entity';
import type { IntendedUseView } from './admin-view-types';
import { seconds } from './admin-views';

export function intendedUseView(use: WalletIntendedUse): IntendedUseView {
  const { appId, name, purpose, credentials, claims } = use;
  return { appId, name, purpose, credentials, claims, createdAt: seconds(use.createdAt) };
}

export const INTENDED_USE_VIEW_EXAMPLE: IntendedUseView = {
  appId: 'app_9QwErTyUiOpAsDfGhJkLzXcV',
  name: 'account-opening',
  purpose: 'To open your Acme account',
  credentials: ['urn:eudi:pid:1', 'eu.europa.ec.eudi.pid.1'],
  claims: ['naming.given', 'naming.family', 'bio.birthdate'],
  createdAt: 1763703540,
};
