import { Module } from '@nestjs/common';
import { ClaimReleaseService } from './claim-release.service';

@Module({
  providers: [ClaimReleaseService],
  exports: [ClaimReleaseService],
})
export class ClaimsModule {}
