import { OmitType } from '@nestjs/swagger';
import { AddSigningProviderDto } from './add-signing-provider.dto';

/** A provider's settings whole, its name aside: a secret is rotated by giving the new one with the rest. */
export class ReplaceSigningProviderDto extends OmitType(AddSigningProviderDto, ['name'] as const) {}
