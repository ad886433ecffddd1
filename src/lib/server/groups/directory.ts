import { QueryBuilder } from 'drizzle-orm/pg-core';
import { researchGroups } from './tables.ts';

/**
 * The research groups as other domains read them (a statement's group, its leader): a read-only
 * subquery joined on `id` under the alias given (decision 0061).
 */
export const groupDirectory = (alias: string) =>
  new QueryBuilder()
    .select({
      id: researchGroups.id,
      rid: researchGroups.rid,
      name: researchGroups.name,
      leaderId: researchGroups.leaderId,
      status: researchGroups.status,
    })
    .from(researchGroups)
    .as(alias);
