import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export interface IncomeDeclaration {
  userId: string;
  income: string;
  documentType: string | null;
  documentId: string | null;
  /** Statement ticked → ISO time. */
  statements: Record<string, string>;
  now: number;
}

export async function insertIncomeDeclaration(db: Kysely<Database> | Transaction<Database>, declaration: IncomeDeclaration): Promise<void> {
  await db
    .insertInto('income_declarations')
    .values({
      id: randomUUID(),
      user_id: declaration.userId,
      income: declaration.income,
      document_type: declaration.documentType,
      document_id: declaration.documentId,
      declared_at: declaration.now,
      statements: JSON.stringify(declaration.statements),
    })
    .execute();
}

export async function listIncomeDeclarations(db: Kysely<Database>, userId: string) {
  return db.selectFrom('income_declarations').selectAll().where('user_id', '=', userId).orderBy('declared_at', 'desc').execute();
}
