import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JwksController } from './jwks.controller';
import { ServiceKey } from './service-key.entity';
import { ServiceKeyRepository } from './service-key.repository';
import { ServiceKeyService } from './service-key.service';

@Module({
  imports: [TypeOrmModule.forFeature([ServiceKey])],
  controllers: [JwksController],
  providers: [ServiceKeyService, ServiceKeyRepository],
  exports: [ServiceKeyService],
})
export class ServiceKeyModule {}
