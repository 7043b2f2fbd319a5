import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Person } from './person.entity';
import { PersonRepository } from './person.repository';
import { PersonsService } from './persons.service';

@Module({
  imports: [TypeOrmModule.forFeature([Person])],
  providers: [PersonsService, PersonRepository],
  exports: [PersonsService],
})
export class PersonsModule {}
