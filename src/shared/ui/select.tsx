import { Select as VkuiSelect, type SelectProps } from '@vkontakte/vkui';

// VKUI's Select draws two controls (a custom one for wide screens, a native one for narrow, one hidden by CSS), so an
// `id` for a label's `for` appears twice and names neither (issue 28, item 8). This one takes its name instead and
// gives it to both controls; use it, not VKUI's, for every select.
export function Select({ label, slotProps, ...props }: Omit<SelectProps, 'id'> & { label: string }) {
  return <VkuiSelect {...props} slotProps={{ ...slotProps, input: { 'aria-label': label, ...slotProps?.input } }} />;
}
