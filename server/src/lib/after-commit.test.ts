import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { afterCommit, inSavepoint, reportAfterCommitFailuresTo, transact } from './after-commit';

// The one after-commit outbox (ADR 022), on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
describe('after-commit outbox', () => {
  let h: DatabaseHandle;
  const failures: unknown[] = [];
  beforeAll(async () => {
    h = await createTestDatabase();
    await sql`create table outbox_probe (n int)`.execute(h.db);
    reportAfterCommitFailuresTo((err) => failures.push(err));
  });
  afterAll(() => h.close());

  it('sends what a committed transaction queued, in order, after the commit', async () => {
    const sent: string[] = [];
    await transact(h.db, async (trx) => {
      await sql`insert into outbox_probe values (1)`.execute(trx);
      afterCommit(trx, async () => {
        // the row is visible to everyone when the send runs: the commit came first
        const seen = await sql<{ c: number }>`select count(*)::int as c from outbox_probe where n = 1`.execute(h.db);
        sent.push(`a:${seen.rows[0]!.c}`);
      });
      afterCommit(trx, () => void sent.push('b'));
      expect(sent).toEqual([]);
    });
    expect(sent).toEqual(['a:1', 'b']);
  });

  it('tells no one anything for a transaction that rolled back', async () => {
    const sent: string[] = [];
    await expect(
      transact(h.db, async (trx) => {
        afterCommit(trx, () => void sent.push('never'));
        await sql`select 1/0`.execute(trx);
      }),
    ).rejects.toThrow();
    expect(sent).toEqual([]);
  });

  it('sends only the newest of a key, at its place', async () => {
    const sent: string[] = [];
    await transact(h.db, async (trx) => {
      afterCommit(trx, () => void sent.push('balance 1'), 'balance:7');
      afterCommit(trx, () => void sent.push('other'));
      afterCommit(trx, () => void sent.push('balance 2'), 'balance:7');
    });
    expect(sent).toEqual(['other', 'balance 2']);
  });

  it('drops what a savepoint rolled back to had queued, keeps the rest', async () => {
    const sent: string[] = [];
    await transact(h.db, async (trx) => {
      afterCommit(trx, () => void sent.push('before'));
      await expect(
        inSavepoint(trx, async () => {
          afterCommit(trx, () => void sent.push('inside'));
          await sql`insert into outbox_probe values (2)`.execute(trx);
          await sql`select 1/0`.execute(trx); // aborts the transaction but for the savepoint
        }),
      ).rejects.toThrow();
      await inSavepoint(trx, async () => afterCommit(trx, () => void sent.push('kept')));
      await sql`insert into outbox_probe values (3)`.execute(trx); // the transaction is still usable
    });
    expect(sent).toEqual(['before', 'kept']);
    const rows = await sql<{ n: number }>`select n from outbox_probe where n in (2, 3) order by n`.execute(h.db);
    expect(rows.rows).toEqual([{ n: 3 }]);
  });

  it('a failed send is reported and does not stop the others or undo the commit', async () => {
    const sent: string[] = [];
    failures.length = 0;
    const result = await transact(h.db, async (trx) => {
      afterCommit(trx, () => {
        throw new Error('bot down');
      });
      afterCommit(trx, () => void sent.push('next'));
      return 42;
    });
    expect(result).toBe(42);
    expect(sent).toEqual(['next']);
    expect(failures).toEqual([expect.objectContaining({ message: 'bot down' })]);
  });

  it('refuses to queue on a transaction it did not open (nothing would ever send it)', async () => {
    await expect(
      h.db.transaction().execute(async (trx) => {
        afterCommit(trx, () => undefined);
      }),
    ).rejects.toThrow(/not opened by transact/);
  });
});
