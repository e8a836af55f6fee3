import { expect, test } from '@playwright/test';
import { apiAs } from '../support/demo';

test('the API refuses calls without a valid token', async ({ request }) => {
  const none = await request.get('/api/v2/meeting_types');
  expect(none.status()).toBe(401);
  expect((await none.json()).status_msg).toBeTruthy();
  const forged = await request.get('/api/v2/meeting_types', { headers: { Authorization: 'Bearer not.a.token' } });
  expect(forged.status()).toBe(401);
});

test("the API refuses another partner's tenantid and hides its records", async ({ request }) => {
  const jane = await apiAs(request, 'jane');
  const peter = await apiAs(request, 'peter');
  const refused = await jane.get('meeting_types', { tenantid: peter.tenantId, page: 1, pagesize: 15 });
  expect(refused.status()).toBe(403);

  const peters = (await (await peter.get('meeting_types', { page: 1, pagesize: 15 })).json()) as {
    meeting_types: { id: number; name: string }[];
  };
  const target = peters.meeting_types[0]!;
  const attempt = await jane.put(`meeting_types/${target.id}`, { name: 'Taken over', description: 'Not yours' });
  expect(attempt.status()).toBe(404);
  const after = (await (await peter.get('meeting_types', { page: 1, pagesize: 15 })).json()) as typeof peters;
  expect(after.meeting_types.find((row) => row.id === target.id)?.name).toBe(target.name);
});
