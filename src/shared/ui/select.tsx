import { useSyncExternalStore } from 'react';
import { NativeSelect, Select as VkuiSelect, type NativeSelectProps, type SelectProps } from '@vkontakte/vkui';

// VKUI's Select draws two controls (a custom one for wide screens, a native one for narrow, one hidden by CSS), so an
// `id` for a label's `for` appears twice and names neither (issue 28, item 8). This one takes its name instead and
// gives it to both controls; use it, not VKUI's, for every select.
//
// On a phone it draws the native control only: the one VKUI's CSS would show there. The custom one, hidden there, was
// still mounted, and its layout effects re-rendered it synchronously a few times while the page started (Lighthouse's
// TBT on sign-up, /bonuses, /levels, the cashbox and the profile, issue 28 item 17). The query is VKUI's own for its
// "desktop" device type (`.deviceTypeDesktopMq`/`.deviceTypeMobileMq` in its adaptivity styles); elsewhere, and when
// the window changes to a wide one, VKUI's Select is drawn as before.
const DESKTOP_QUERY = '(min-width: 768px) and (pointer: fine), (min-width: 768px) and (min-height: 720px)';
let desktopQuery: MediaQueryList | null = null;
const mediaQuery = () => (desktopQuery ??= window.matchMedia(DESKTOP_QUERY));
const canQuery = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';
function subscribe(onChange: () => void) {
  if (!canQuery()) return () => undefined;
  const query = mediaQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
/** true on a phone-sized screen (VKUI shows its native select there); false when unknown (VKUI decides by CSS) */
const isPhone = () => canQuery() && !mediaQuery().matches;

// the custom control's own props, which the native one does not take (VKUI's Select leaves them out the same way)
/* eslint-disable @typescript-eslint/no-unused-vars */
function nativeProps({
  options = [],
  searchable,
  emptyText,
  onInputChange,
  filterFn,
  popupDirection,
  renderOption,
  renderDropdown,
  fetching,
  onClose,
  onOpen,
  icon,
  ClearButton,
  allowClearButton,
  clearButtonTestId,
  dropdownOffsetDistance,
  dropdownAutoWidth,
  forceDropdownPortal,
  noMaxHeight,
  labelTextTestId,
  nativeSelectTestId,
  after,
  mode,
  pattern,
  minLength,
  maxLength,
  readOnly,
  getSelectInputRef,
  overscrollBehavior,
  beforeAlign,
  afterAlign,
  onInputKeyDown,
  accessible,
  fetchingCompletedLabel,
  fetchingInProgressLabel,
  slotProps,
  children,
  ...rest
}: Omit<SelectProps, 'id'>) {
  /* eslint-enable @typescript-eslint/no-unused-vars */
  // (VKUI's Select hands the input's slot to the native select the same way)
  const select = { ...slotProps?.input, ...slotProps?.select } as NonNullable<NativeSelectProps['slotProps']>['select'];
  return {
    ...(rest as NativeSelectProps),
    slotProps: { select, root: slotProps?.root },
    children: options.map(({ label, value, disabled }) => (
      <option key={`${value}`} value={value} disabled={disabled}>
        {label}
      </option>
    )),
  };
}

export function Select({ label, slotProps, ...props }: Omit<SelectProps, 'id'> & { label: string }) {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  const named = { ...slotProps, input: { 'aria-label': label, ...slotProps?.input } };
  if (phone) return <NativeSelect {...nativeProps({ ...props, slotProps: named })} />;
  return <VkuiSelect {...props} slotProps={named} />;
}
