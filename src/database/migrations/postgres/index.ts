import { Foundation1763700000000 } from './1763700000000-Foundation';
import { Flows1763800000000 } from './1763800000000-Flows';
import { Devices1763800000001 } from './1763800000001-Devices';
import { Webhooks1763900000000 } from './1763900000000-Webhooks';
import { Signing1763900000001 } from './1763900000001-Signing';
import { Billing1764000000000 } from './1764000000000-Billing';
import { Documents1764100000000 } from './1764100000000-Documents';
import { SealedSecrets1764200000000 } from './1764200000000-SealedSecrets';
import { Retention1764300000000 } from '../portable/1764300000000-Retention';
import { IdempotencyKeys1764400000000 } from './1764400000000-IdempotencyKeys';
import { FlowProgress1764500000000 } from '../portable/1764500000000-FlowProgress';
import { QrStarts1764600000000 } from '../portable/1764600000000-QrStarts';
import { VerificationChoice1764700000000 } from '../portable/1764700000000-VerificationChoice';
import { DeclineReasons1764810000000 } from '../portable/1764810000000-DeclineReasons';
import { OidcProvider1764818000000 } from './1764818000000-OidcProvider';
import { SigningOrder1764820000000 } from '../portable/1764820000000-SigningOrder';
import { DocumentAuditTrail1764830000000 } from './1764830000000-DocumentAuditTrail';
import { DocumentReminders1764840000000 } from '../portable/1764840000000-DocumentReminders';
import { SealCertificates1764850000000 } from './1764850000000-SealCertificates';
import { IdTokenSigningAlg1764860000000 } from '../portable/1764860000000-IdTokenSigningAlg';
import { OidcRecordDigests1764870000000 } from '../portable/1764870000000-OidcRecordDigests';
import { StoredFiles1764880000000 } from './1764880000000-StoredFiles';
import { ApiKeyLastUsed1764910000001 } from '../portable/1764910000001-ApiKeyLastUsed';
import { SealCaKey1764920000001 } from '../portable/1764920000001-SealCaKey';
import { ArchiveRenewal1764930000000 } from '../portable/1764930000000-ArchiveRenewal';
import { DevicePasskeys1764940000000 } from '../portable/1764940000000-DevicePasskeys';
import { CibaDelivery1764950000000 } from '../portable/1764950000000-CibaDelivery';
import { OidcProfile1764950000001 } from '../portable/1764950000001-OidcProfile';
import { EudiWallet1764960000000 } from './1764960000000-EudiWallet';
import { InteractionSessionCookies1764970000000 } from '../portable/1764970000000-InteractionSessionCookies';
import { OidcClientUris1764970000001 } from '../portable/1764970000001-OidcClientUris';
import { CibaPings1764970000002 } from '../portable/1764970000002-CibaPings';
import { FlowEndReason1764980000000 } from '../portable/1764980000000-FlowEndReason';
import { DevicePushSubscriptions1764990000000 } from '../portable/1764990000000-DevicePushSubscriptions';
import { FlowHolderIndex1764990000001 } from '../portable/1764990000001-FlowHolderIndex';
import { FlowReferenceIndex1765080000000 } from '../portable/1765080000000-FlowReferenceIndex';
import { RevokedSealCertificates1765000000000 } from './1765000000000-RevokedSealCertificates';
import { WalletDcApiOrigin1765010000000 } from '../portable/1765010000000-WalletDcApiOrigin';
import { DocumentSealing1765030000000 } from '../portable/1765030000000-DocumentSealing';
import { SandboxSigningKeys1765060000000 } from './1765060000000-SandboxSigningKeys';
import { DocumentSignature1765060000001 } from './1765060000001-DocumentSignature';
import { Operators1765040000000 } from './1765040000000-Operators';
import { ChangeCounter1765050000000 } from './1765050000000-ChangeCounter';
import { WalletIntendedUses1765070000000 } from './1765070000000-WalletIntendedUses';
import { RevokedSignerCertificates1765110000000 } from './1765110000000-RevokedSignerCertificates';
import { OpenFlowExpiryIndex1765090000000 } from '../portable/1765090000000-OpenFlowExpiryIndex';
import { ConsumerSigningProviders1765150000000 } from './1765150000000-ConsumerSigningProviders';
import { PasskeyRevocation1765145000000 } from '../portable/1765145000000-PasskeyRevocation';
import { SigneeWalletFlow1765170000000 } from '../portable/1765170000000-SigneeWalletFlow';
import { UsageCallCounts1765180000000 } from '../portable/1765180000000-UsageCallCounts';
import { UnbilledConsumers1765190000000 } from './1765190000000-UnbilledConsumers';
import { FlowIntendedUse1765120000000 } from '../portable/1765120000000-FlowIntendedUse';
import { WalletErasures1765120000001 } from './1765120000001-WalletErasures';

/** Applied in order; a new migration is appended here and never edits an earlier one. */
export const POSTGRES_MIGRATIONS = [
  Foundation1763700000000,
  Flows1763800000000,
  Devices1763800000001,
  Webhooks1763900000000,
  Signing1763900000001,
  Billing1764000000000,
  Documents1764100000000,
  SealedSecrets1764200000000,
  Retention1764300000000,
  IdempotencyKeys1764400000000,
  FlowProgress1764500000000,
  QrStarts1764600000000,
  VerificationChoice1764700000000,
  DeclineReasons1764810000000,
  OidcProvider1764818000000,
  SigningOrder1764820000000,
  DocumentAuditTrail1764830000000,
  DocumentReminders1764840000000,
  SealCertificates1764850000000,
  IdTokenSigningAlg1764860000000,
  OidcRecordDigests1764870000000,
  StoredFiles1764880000000,
  ApiKeyLastUsed1764910000001,
  SealCaKey1764920000001,
  ArchiveRenewal1764930000000,
  DevicePasskeys1764940000000,
  CibaDelivery1764950000000,
  OidcProfile1764950000001,
  EudiWallet1764960000000,
  InteractionSessionCookies1764970000000,
  OidcClientUris1764970000001,
  CibaPings1764970000002,
  FlowEndReason1764980000000,
  DevicePushSubscriptions1764990000000,
  FlowHolderIndex1764990000001,
  RevokedSealCertificates1765000000000,
  WalletDcApiOrigin1765010000000,
  DocumentSealing1765030000000,
  Operators1765040000000,
  ChangeCounter1765050000000,
  SandboxSigningKeys1765060000000,
  DocumentSignature1765060000001,
  WalletIntendedUses1765070000000,
  FlowReferenceIndex1765080000000,
  OpenFlowExpiryIndex1765090000000,
  RevokedSignerCertificates1765110000000,
  FlowIntendedUse1765120000000,
  WalletErasures1765120000001,
  PasskeyRevocation1765145000000,
  ConsumerSigningProviders1765150000000,
  SigneeWalletFlow1765170000000,
  UsageCallCounts1765180000000,
  UnbilledConsumers1765190000000,
];
