import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperatorAuditEntry } from './operator-audit-entry.entity';
import { OperatorAuditRepository } from './operator-audit.repository';
import { OperatorAuditService } from './operator-audit.service';
import { Operator } from './operator.entity';
import { OperatorsRepository } from './operators.repository';
import { UnitOfWork } from '../platform/unit-of-work';
import { OperatorsService } from './operators.service';
import { OperatorSession } from './operator-session.entity';
import { OperatorSessionsRepository } from './operator-sessions.repository';
import { OperatorSessionsService } from './operator-sessions.service';

/** The deployment's operators, their roles and sessions, and the audit log of what they changed. */
@Module({
  imports: [TypeOrmModule.forFeature([Operator, OperatorAuditEntry, OperatorSession])],
  providers: [
    UnitOfWork,
    OperatorsRepository,
    OperatorAuditRepository,
    OperatorSessionsRepository,
    OperatorsService,
    OperatorAuditService,
    OperatorSessionsService,
  ],
  exports: [OperatorsService, OperatorAuditService, OperatorSessionsService],
})
export class OperatorsModule {}
