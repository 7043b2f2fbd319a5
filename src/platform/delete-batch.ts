import { In, type FindOptionsWhere, type ObjectLiteral, type Repository } from 'typeorm';

/**
 * Deletes at most `limit` rows of a table with a one-column key that match `condition` (SQL on the alias `row`, with
 * named parameters), oldest first by `orderBy`; answers how many it deleted. The keys are read first and deleted by
 * key, which both dialects run alike and which stays correct when another instance deletes them meanwhile (the rows it
 * deleted first are not counted twice).
 */
export async function deleteBatch<T extends ObjectLiteral>(
  repository: Repository<T>,
  condition: string,
  parameters: ObjectLiteral,
  orderBy: string,
  limit: number,
): Promise<number> {
  const [key] = repository.metadata.primaryColumns;
  const rows = await repository
    .createQueryBuilder('row')
    .select(`row.${key.propertyName}`, 'key')
    .where(condition, parameters)
    .orderBy(`row.${orderBy}`, 'ASC')
    .limit(limit)
    .getRawMany<{ key: string }>();
  if (rows.length === 0) return 0;
  const result = await repository.delete({ [key.propertyName]: In(rows.map((row) => row.key)) } as FindOptionsWhere<T>);
  return result.affected ?? rows.length;
}
