import { Module } from '@nestjs/common';
import { TenantsModule } from '../tenants/tenants.module';
import { ConsoleClientService } from './console-client.service';
import { ConsoleController } from './console.controller';

/** Serves the operator console built from libs/console, and makes its OpenID client on first use. */
@Module({ imports: [TenantsModule], controllers: [ConsoleController], providers: [ConsoleClientService] })
export class ConsoleModule {}
