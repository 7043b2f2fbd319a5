import { DevicesModule } from '../devices/devices.module';
import { ConsumerSigningProvidersModule } from '../remote-signing/consumer-signing-providers.module';
import { SealModule } from '../seal/seal.module';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { TenantsModule } from '../tenants/tenants.module';

/**
 * The modules that register the sealed columns keys:rotate and keys:rewrap reseal: the apps' secrets, the service key,
 * the seal's keys, the devices' (the sandbox's virtual device keys, push subscriptions) and the consumers' signing
 * providers' client secrets.
 */
export const SEALED_SECRET_MODULES = [
  TenantsModule,
  ServiceKeyModule,
  SealModule,
  DevicesModule,
  ConsumerSigningProvidersModule,
];
