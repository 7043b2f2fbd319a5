import type { ObjectLiteral, Repository } from 'typeorm';
import { deleteBatch } from '../persistence/delete-batch';
import type { RetentionRule } from './retention-rule';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The rule of a table whose rows age out on their own: rows matching `where` (SQL on the alias `row`; `:before` is the
 * cut-off the rule computes at each pass) are deleted oldest first by `oldestFirstBy`.
 */
export function tableRetentionRule<T extends ObjectLiteral>(options: {
  name: string;
  repository: Repository<T>;
  where: string;
  oldestFirstBy: string;
  before: (now: number) => number;
  parameters?: ObjectLiteral;
}): RetentionRule {
  const { name, repository, where, oldestFirstBy, before, parameters } = options;
  return {
    name,
    purge: (limit, now) => deleteBatch(repository, where, { ...parameters, before: before(now) }, oldestFirstBy, limit),
  };
}
