import type { ConsumerSigningProvider } from '../remote-signing/consumer-signing-provider.entity';
import type { SigningProviderView } from './admin-view-types';
import { seconds } from './admin-views';

export function signingProviderView(provider: ConsumerSigningProvider): SigningProviderView {
  const { consumerId, name, environment, baseUrl, clientId } = provider;
  return {
    consumerId,
    name,
    environment,
    baseUrl,
    clientId,
    clientSecretSet: provider.clientSecret.length > 0,
    createdAt: seconds(provider.createdAt),
    updatedAt: seconds(provider.updatedAt),
  };
}

export const SIGNING_PROVIDER_VIEW_EXAMPLE: SigningProviderView = {
  consumerId: 'bcn_4f8KqXo2Lz9Tb1Ye6RmW3sDa',
  name: 'acme-qtsp',
  environment: 'production',
  baseUrl: 'https://qtsp.example.com/csc/v2',
  clientId: 'idflow-acme',
  clientSecretSet: true,
  createdAt: 1763703540,
  updatedAt: 1763703540,
};
