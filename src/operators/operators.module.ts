import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperatorAuditEntry } from './operator-audit-entry.entity';
import { OperatorAuditRepository } from './operator-audit.repository';
import { OperatorAuditService } from './operator-audit.service';
import { Operator } from './operator.entity';
import { OperatorsRepository } from './operators.repository';
import { OperatorsService } from './operators.service';

/** The deployment's operators, their roles, and the audit log of what they changed. */
@Module({
  imports: [TypeOrmModule.forFeature([Operator, OperatorAuditEntry])],
  providers: [OperatorsRepository, OperatorAuditRepository, OperatorsService, OperatorAuditService],
  exports: [OperatorsService, OperatorAuditService],
})
export class OperatorsModule {}
