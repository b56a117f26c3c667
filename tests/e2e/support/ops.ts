import type { APIRequestContext } from '@playwright/test';

// The operator switch, exactly as `npm run ops -- maintenance on|off` sends it.
export async function setMaintenance(request: APIRequestContext, isActive: boolean) {
  const res = await request.put('/ops-api/maintenance', {
    headers: { authorization: 'Bearer e2e-operator-token', 'x-operator': 'e2e' },
    data: { is_active: isActive },
  });
  if (!res.ok()) throw new Error(`maintenance switch failed: ${res.status()} ${await res.text()}`);
}
