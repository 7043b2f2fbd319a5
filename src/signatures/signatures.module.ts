import { Module } from '@nestjs/common';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { SignatureReceiptsService } from './signature-receipts.service';

@Module({
  imports: [ServiceKeyModule],
  providers: [SignatureReceiptsService],
  exports: [SignatureReceiptsService],
})
export class SignaturesModule {}
