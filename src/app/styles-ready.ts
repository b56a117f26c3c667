// The app's stylesheets arrive as `<link rel="preload" as="style" data-app-css>` (vite.config.ts `nonBlockingCss`):
// the first paint shows the server-drawn first screen without waiting for them. Imported first by main.tsx: it turns
// them into stylesheets at once (the browser has been fetching them since it read the HTML) and `stylesReady` settles
// when every one has applied or failed, so React mounts VKUI's components styled (no unstyled flash, no shift).
export function applyPreloadedStyles(doc: Document = document, timeoutMs = 10_000): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-css]')];
  const applied = Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true }); // mount anyway: unstyled beats blank
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
  // a stylesheet that neither loads nor fails (a stalled connection) does not keep the app from mounting
  return Promise.race([applied, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
}

// In a task of its own: a stylesheet already fetched is parsed as its link turns into one, and that parse would
// otherwise lengthen the task that evaluates the app's modules (one long task, Lighthouse's TBT, instead of two).
export const stylesReady: Promise<void> =
  typeof document === 'undefined'
    ? Promise.resolve()
    : new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => applyPreloadedStyles());
