import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPreloadedStyles } from './styles-ready';

// The app's stylesheets are preloaded (not render-blocking); the app mounts once every one has applied or failed.
describe('applyPreloadedStyles', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.useRealTimers();
  });
  const preload = (href: string, mark = true) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'style');
    link.href = href;
    if (mark) link.setAttribute('data-app-css', '');
    document.head.append(link);
    return link;
  };
  const settled = (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    return () => done;
  };

  it('turns the marked preloads into stylesheets and settles when each has loaded or failed', async () => {
    const a = preload('/assets/a.css');
    const b = preload('/assets/b.css');
    const other = preload('/other.css', false); // not the app's: left alone
    const isDone = settled(applyPreloadedStyles(document));
    expect([a.rel, b.rel, other.rel]).toEqual(['stylesheet', 'stylesheet', 'preload']);
    a.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(isDone()).toBe(false); // b still loading: the app waits
    b.dispatchEvent(new Event('error')); // a failed stylesheet does not keep the app from mounting
    await vi.waitFor(() => expect(isDone()).toBe(true));
  });

  it('gives up waiting on a stalled stylesheet after the timeout', async () => {
    vi.useFakeTimers();
    preload('/assets/stalled.css');
    const isDone = settled(applyPreloadedStyles(document, 5_000));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone()).toBe(true);
  });

  it('settles at once when there is nothing to wait for (development server, tests)', async () => {
    await expect(applyPreloadedStyles(document)).resolves.toBeUndefined();
  });
});
