import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';
import { Operator } from './operator.entity';
import type { OperatorRole } from './operator-role';

/** What a change of the owners' set must leave: at least one owner. */
export type OwnersCheck = (owners: Operator[]) => void;

/** The operators table. Private to the operators module. */
@Injectable()
export class OperatorsRepository {
  constructor(
    @InjectRepository(Operator) private readonly operators: Repository<Operator>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  insert(operator: Operator): Promise<Operator> {
    return this.operators.save(this.operators.create(operator));
  }

  findById(id: string): Promise<Operator | null> {
    return this.operators.findOneBy({ id });
  }

  findByNin(nin: string): Promise<Operator | null> {
    return this.operators.findOneBy({ nin });
  }

  /** Every operator, first named first. */
  list(): Promise<Operator[]> {
    return this.operators.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Changes an operator's role, or removes them (`role` null), in a unit of work (the caller's, or its own) that first locks the owners' rows and
   * hands them to `check`: two owners demoting each other at once cannot both pass it on PostgreSQL, where the second
   * waits for the first and then sees its change; SQLite runs one write transaction at a time.
   */
  async change(id: string, role: OperatorRole | null, check: OwnersCheck): Promise<Operator | null> {
    return this.unitOfWork.run(async () => {
      const manager = this.unitOfWork.manager;
      check(await this.ownersLocked());
      const operator = await manager.findOneBy(Operator, { id });
      if (!operator) return null;
      if (role === null) await manager.delete(Operator, { id });
      else await manager.update(Operator, { id }, { role });
      return role === null ? operator : { ...operator, role };
    });
  }

  private ownersLocked(): Promise<Operator[]> {
    const manager = this.unitOfWork.manager;
    const postgres = manager.connection.options.type === 'postgres';
    return manager.find(Operator, {
      where: { role: 'owner' },
      ...(postgres ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }
}
