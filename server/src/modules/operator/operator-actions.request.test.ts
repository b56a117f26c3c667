import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The audit row names the request an operator action came in and the caller's address beside the actor (issue 23),
// each request its own, also when two arrive at once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('operator actions: the request and the address', () => {
  it('records each action with its own request id and the caller address', async () => {
    // two different pages, so each edit is recorded whatever the order they commit in
    const edit = (domain: string, operator: string, address: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops-api/content-pages/terms',
        headers: { authorization: `Bearer ${t.secrets.ops}`, 'x-operator': operator },
        remoteAddress: address,
        payload: { domain, locale: 'en', title: 'Terms', body: `Terms of ${domain}` },
      });
    const replies = await Promise.all([
      edit('a.example', 'alice', '198.51.100.23'),
      edit('b.example', 'bob', '203.0.113.9'),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);

    const rows = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('action', '=', 'content_page_saved')
      .where('actor', 'in', ['alice', 'bob'])
      .execute();
    expect(rows).toHaveLength(2);
    const byActor = Object.fromEntries(rows.map((r) => [r.actor, r]));
    expect(byActor.alice).toMatchObject({ caller_address: '198.51.100.23', request_id: expect.stringMatching(uuid) });
    expect(byActor.bob).toMatchObject({ caller_address: '203.0.113.9', request_id: expect.stringMatching(uuid) });
    expect(byActor.alice!.request_id).not.toBe(byActor.bob!.request_id);

    const audit = await t.app.inject({ url: '/ops-api/audit', headers: { authorization: `Bearer ${t.secrets.ops}` } });
    expect(audit.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: 'alice',
          caller_address: '198.51.100.23',
          request_id: byActor.alice!.request_id,
        }),
      ]),
    );
  });

  it('leaves them empty for what is recorded outside an operator request', async () => {
    await t.services.operatorActions.record({ actor: 'player', action: 'sample_outside_a_request' });
    const row = await t.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('action', '=', 'sample_outside_a_request')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ request_id: null, caller_address: null });
  });
});
