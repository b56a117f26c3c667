import { proxy } from 'valtio';

// Global toasts (spec §8/§9): group global, 4000 ms, severities info/success/warn/error/secondary/contrast.
export type ToastSeverity = 'info' | 'success' | 'warn' | 'error' | 'secondary' | 'contrast';
export interface Toast {
  id: number;
  severity: ToastSeverity;
  summary: string;
  detail?: string;
  life: number;
  group: 'global';
  /** Extra button (e.g. fill_email → profile). */
  action?: { labelKey: string; href: string };
  /** A hint about no page in particular: it goes when the player leaves the page it was shown on. */
  dismissOnNavigate?: boolean;
  onClose?: () => void;
}
export type ToastInput = Omit<Toast, 'id' | 'life' | 'group'> & { life?: number };

export const TOAST_LIFE_MS = 4000;
export const toasts = proxy<{ items: Toast[] }>({ items: [] });
let nextId = 1;

export function showToast(input: ToastInput): number {
  const toast: Toast = { life: TOAST_LIFE_MS, group: 'global', ...input, id: nextId++ };
  toasts.items.push(toast);
  return toast.id;
}

export function dismissToast(id: number): void {
  const index = toasts.items.findIndex((t) => t.id === id);
  if (index < 0) return;
  const [toast] = toasts.items.splice(index, 1);
  toast?.onClose?.();
}

/** The player moved to another page: the hints shown on the last one go (they would cover its forms). */
export function dismissPageHints(): void {
  for (const toast of toasts.items.filter((t) => t.dismissOnNavigate)) dismissToast(toast.id);
}

/**
 * Spec §5: a detail is literal text if it has whitespace or characters other than letters, digits, dot and
 * underscore; otherwise it is a translation key.
 */
export function isTranslationKey(detail: string): boolean {
  return /^[A-Za-z0-9._]+$/.test(detail);
}
