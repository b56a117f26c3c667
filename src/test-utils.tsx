import { act, render } from '@testing-library/react';
import { AppRoot } from '@vkontakte/vkui';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createBrowserAdapter, setPlatformForTests } from './platform';
import { __setClientForTests, createApiClient } from './shared/api';
import { initI18n, i18next, serverErrorTextsLoaded } from './shared/i18n/i18n';
import { toasts } from './shared/toast/toast.store';

export type FakeHandler = (req: Request) => Response | Promise<Response>;
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The app's real modules against a fake HTTP server (the handler), in English. */
export async function setupApp(handler: FakeHandler) {
  const adapter = createBrowserAdapter();
  setPlatformForTests(adapter);
  if (!i18next.isInitialized) await initI18n('en');
  else await i18next.changeLanguage('en');
  await serverErrorTextsLoaded();
  const requests: Request[] = [];
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    requests.push(req.clone());
    return handler(req);
  }) as typeof fetch;
  __setClientForTests(
    createApiClient(
      {
        getToken: () => 'test-token',
        onUnauthorized() {},
        onBlocked() {},
        onMaintenance() {},
        onErrorToast: (summary, detail) =>
          void toasts.items.push({
            id: Date.now(),
            severity: 'error',
            summary: `errors.${summary}`,
            detail,
            life: 4000,
            group: 'global',
          }),
        storage: adapter.storage,
        usesEtagCache: false,
      },
      { baseUrl: 'http://app.test', fetch: fakeFetch },
    ),
  );
  toasts.items.splice(0);
  return { requests };
}

export function renderAt(path: string, ui: React.ReactElement) {
  const { hook } = memoryLocation({ path });
  return render(
    <AppRoot mode="embedded">
      <Router hook={hook}>{ui}</Router>
    </AppRoot>,
  );
}

/** A WebSocket the test drives: hand it to openLiveSocket as WebSocketImpl, then `FakeSocket.last.receive(type, data)`. */
export class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send() {}
  close() {}
  receive(type: string, data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, data }) }));
  }
}
