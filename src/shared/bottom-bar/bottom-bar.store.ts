import { getPlatform } from '../../platform';
import type { BottomButtonState, NativeUi } from '../../platform/platform.types';

// The one owner of Telegram's bottom bar. Pages register what their main (and second) action is; the last one
// registered wins (a confirmation over a form), and nothing shows while a modal is open (a native button stays
// above every dialog, TON Connect's included). Telegram gets at most 10 updates a second (crash's Cash out label
// changes ~60 times a second); a press always reaches the newest action.

export type BottomSlot = 'main' | 'secondary';
export interface BottomAction extends BottomButtonState {
  onPress(): void;
}
interface Registration {
  id: number;
  slot: BottomSlot;
  action: BottomAction;
}

/** Fewer updates than this apart are merged (Telegram redraws the bar on each). */
export const BOTTOM_BAR_MIN_INTERVAL_MS = 100;
const MODAL_SELECTOR = '[aria-modal="true"], [role="alertdialog"]';

const registrations: Registration[] = [];
let nextId = 0;
let native: NativeUi | null = null;
let loading: Promise<NativeUi | null> | null = null;
const nativeListeners = new Set<(isNative: boolean) => void>();
const sent: Record<BottomSlot, string> = { main: '', secondary: '' };
let sentColor = '';
let lastPush = 0;
let pushTimer: ReturnType<typeof setTimeout> | null = null;
let modalObserver: MutationObserver | null = null;
let modalOpen = false;

/** Loads the native UI once; resolves null when it cannot load (the page keeps its in-page buttons). */
export function loadBottomBar(): Promise<NativeUi | null> {
  loading ??= getPlatform()
    .loadNative()
    .then((ui) => {
      native = ui;
      if (ui.bottomBar.isNative) {
        ui.bottomBar.onMain(() => press('main'));
        ui.bottomBar.onSecondary(() => press('secondary'));
      }
      nativeListeners.forEach((fn) => fn(ui.bottomBar.isNative));
      schedule();
      if (ui.bottomBar.isNative) {
        // the bar's colour follows the app's bottom, now and after each theme change (once its CSS applies)
        matchColor(ui);
        getPlatform().onColorSchemeChange(() => setTimeout(() => matchColor(ui), 0));
      }
      return ui;
    })
    .catch((err: unknown) => {
      console.warn('Native UI did not load', err);
      return null;
    });
  return loading;
}

export const isBottomBarNative = (): boolean => !!native?.bottomBar.isNative;
export function onBottomBarNative(listener: (isNative: boolean) => void): () => void {
  nativeListeners.add(listener);
  return () => nativeListeners.delete(listener);
}

/** Registers an action; returns update and remove. */
export function registerBottomAction(slot: BottomSlot, action: BottomAction) {
  const registration: Registration = { id: ++nextId, slot, action };
  registrations.push(registration);
  void loadBottomBar();
  watchModals();
  schedule();
  return {
    update(next: BottomAction) {
      registration.action = next;
      schedule();
    },
    remove() {
      const index = registrations.indexOf(registration);
      if (index >= 0) registrations.splice(index, 1);
      watchModals();
      schedule();
    },
  };
}

function current(slot: BottomSlot): Registration | undefined {
  if (modalOpen) return undefined;
  return registrations.findLast((r) => r.slot === slot);
}

function press(slot: BottomSlot) {
  const registration = current(slot);
  if (!registration || !registration.action.enabled || registration.action.loading) return;
  native?.hideKeyboard();
  registration.action.onPress();
}

/** Pushes the bar's state now, or once the interval since the last push has passed. */
function schedule() {
  if (!native?.bottomBar.isNative || pushTimer) return;
  const wait = lastPush + BOTTOM_BAR_MIN_INTERVAL_MS - Date.now();
  if (wait <= 0) return push();
  pushTimer = setTimeout(() => {
    pushTimer = null;
    push();
  }, wait);
}

function push() {
  if (!native) return;
  matchColor(native); // the app's bottom may have changed since (its styles load after the first paint)
  for (const slot of ['main', 'secondary'] as const) {
    const action = current(slot)?.action;
    const state = action ? { text: action.text, enabled: action.enabled, loading: action.loading } : null;
    const key = JSON.stringify(state);
    if (key === sent[slot]) continue;
    sent[slot] = key;
    lastPush = Date.now();
    if (slot === 'main') native.bottomBar.setMain(state);
    else native.bottomBar.setSecondary(state);
  }
}

/** While actions are registered, notice dialogs opening and closing anywhere in the page. */
function watchModals() {
  if (registrations.length === 0 || typeof MutationObserver === 'undefined') {
    modalObserver?.disconnect();
    modalObserver = null;
    modalOpen = false;
    return;
  }
  if (modalObserver) return;
  const check = () => {
    const open = !!document.querySelector(MODAL_SELECTOR);
    if (open === modalOpen) return;
    modalOpen = open;
    schedule();
  };
  modalObserver = new MutationObserver(check);
  modalObserver.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-modal', 'role'],
  });
  check();
}

/** Tests start from an empty bar. */
export function resetBottomBarForTests() {
  registrations.length = 0;
  native = null;
  loading = null;
  sent.main = sent.secondary = sentColor = '';
  lastPush = 0;
  if (pushTimer) clearTimeout(pushTimer);
  pushTimer = null;
  modalObserver?.disconnect();
  modalObserver = null;
  modalOpen = false;
  nativeListeners.clear();
}

/** Telegram's bar takes the colour of the app's own bottom (the tab bar, else the page), so the two read as one. */
export async function matchBottomBarColor(): Promise<void> {
  const ui = await loadBottomBar();
  if (ui?.bottomBar.isNative) matchColor(ui);
}
function matchColor(ui: NativeUi) {
  if (!ui.bottomBar.isNative) return;
  const element = document.querySelector('.app-tabbar') ?? document.body;
  const hex = toHex(getComputedStyle(element).backgroundColor);
  if (!hex || hex === sentColor) return;
  sentColor = hex;
  ui.bottomBar.setColor(hex);
}

function toHex(rgb: string): string | null {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(rgb.trim());
  if (!m || (m[4] !== undefined && Number(m[4]) < 1)) return null; // transparent: nothing to match
  return `#${[m[1], m[2], m[3]].map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
}
