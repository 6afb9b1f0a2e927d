import { type Kysely, sql } from 'kysely';

/**
 * Branches loaded before bankCodeOf refused sublet entries that name a bank instead of giving its
 * code were filed under that name ('Wardha Nagri Bank' for YESB0WNSB01…), where no branch search
 * reaches them. They move to the bank whose IFSC range they use, as the loader now files them; the
 * snapshot itself holds no codes, so its version (and the skip on start) is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bank_branches', 'bank_branch_words']) {
    await sql`update ${sql.table(table)} set bank_code = substr(ifsc, 1, 4) where length(bank_code) <> 4`.execute(db);
  }
}

/** Nothing to undo: the old codes were wrong. */
export async function down(): Promise<void> {}
