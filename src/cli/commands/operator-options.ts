import { Option } from 'commander';
import { OPERATOR_ROLES, type OperatorRole } from '../../operators/operator-role';
import type { OutputOptions } from '../cli-action';

/** `--role`, one of the operators' roles. */
export const roleOption = () =>
  new Option('--role <role>', 'owner (everything), operator (consumers, apps, keys, webhooks) or viewer (read only)')
    .choices(OPERATOR_ROLES)
    .makeOptionMandatory();

/** `--operator`, the id of an operator. */
export const operatorIdOption = () =>
  new Option('--operator <id>', 'the operator id (op_...), as operators:list shows it').makeOptionMandatory();

/** The options of a command about one operator. */
export interface OperatorOptions extends OutputOptions {
  operator: string;
}

export interface OperatorRoleOptions extends OperatorOptions {
  role: OperatorRole;
}
