import type { ModuleMetadata } from '@nestjs/common';
import { AdminPersonsService } from '../../admin/admin-persons.service';
import { DevicesModule } from '../../devices/devices.module';
import { PersonsModule } from '../../persons/persons.module';

/** The admin API's person logic, without its HTTP controllers and bearer guard, for the commands about persons. */
export const PERSON_NEEDS: Pick<ModuleMetadata, 'imports' | 'providers'> = {
  imports: [PersonsModule, DevicesModule],
  providers: [AdminPersonsService],
};
