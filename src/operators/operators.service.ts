import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids/random-id';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import { LastOwnerError } from './errors/last-owner.error';
import { OperatorAlreadyExistsError } from './errors/operator-already-exists.error';
import { OperatorNotFoundError } from './errors/operator-not-found.error';
import type { Operator } from './operator.entity';
import type { OperatorRole } from './operator-role';
import { OperatorsRepository } from './operators.repository';

/** Who runs this deployment, and with which role. */
@Injectable()
export class OperatorsService {
  constructor(private readonly operators: OperatorsRepository) {}

  /** Names a person an operator; a person already named is refused with the operator they are. */
  async add(nin: string, name: string, role: OperatorRole): Promise<Operator> {
    try {
      return await this.operators.insert({ id: newId.operator(), nin, name, role, createdAt: Date.now() });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.operators.findByNin(nin);
      throw new OperatorAlreadyExistsError(existing?.id ?? 'already named');
    }
  }

  list(): Promise<Operator[]> {
    return this.operators.list();
  }

  /** The operator a person with this NIN is, if any: what the console's sign-in asks. */
  findByNin(nin: string): Promise<Operator | null> {
    return this.operators.findByNin(nin);
  }

  /** Gives an operator another role; the last owner keeps theirs. */
  changeRole(id: string, role: OperatorRole): Promise<Operator> {
    return this.change(id, role);
  }

  /** Removes an operator; the last owner stays. Answers the operator as they were. */
  remove(id: string): Promise<Operator> {
    return this.change(id, null);
  }

  private async change(id: string, role: OperatorRole | null): Promise<Operator> {
    const operator = await this.operators.change(id, role, (owners) => {
      const lastOwner = owners.length === 1 && owners[0].id === id;
      if (lastOwner && role !== 'owner') throw new LastOwnerError();
    });
    if (!operator) throw new OperatorNotFoundError();
    return operator;
  }
}
