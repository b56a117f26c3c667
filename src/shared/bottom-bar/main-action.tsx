import { useRef, type ReactNode } from 'react';
import { Button, ButtonGroup } from '@vkontakte/vkui';
import { useMainButton, useSecondaryButton } from './use-bottom-button';

/** A screen's second action (Cancel on a confirmation): Telegram's secondary button, or a page button beside. */
export interface SecondaryAction {
  text: string;
  onClick(): void;
  testId?: string;
}

/**
 * A screen's main action, one component for both channels: the page's own button (the web, clients below 7.10)
 * and Telegram's bottom-bar button with the same label, loader and disabled state. Where Telegram draws the bar
 * (7.10+) the page's button is not shown, so the player never sees both; it stays in the form (hidden), so the
 * bottom bar's press submits the form and validation runs the same way. `secondary`: the second button, the same.
 */
export function MainAction({
  text,
  label,
  loading = false,
  disabled = false,
  invalid = false,
  type = 'submit',
  onClick,
  testId,
  secondary,
}: {
  /** What Telegram's button says (plain text: it may carry the amount, "Deposit 50.00 USD"). */
  text: string;
  /** What the page's button shows, when it differs from `text`. */
  label?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  /**
   * The form cannot be sent as it is: Telegram's button is disabled, the page's stays pressable and says what is
   * wrong under the field when pressed (a disabled page button explains nothing).
   */
  invalid?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
  testId?: string;
  secondary?: SecondaryAction;
}) {
  const button = useRef<HTMLElement | null>(null);
  const isNative = useMainButton({
    text,
    loading,
    disabled: disabled || invalid,
    onClick: () => {
      const form = (button.current as HTMLButtonElement | null)?.form;
      if (type === 'submit' && form) form.requestSubmit();
      else onClick?.();
    },
  });
  useSecondaryButton({
    text: secondary?.text ?? '',
    disabled: loading,
    onClick: () => secondary?.onClick(),
    hidden: !secondary,
  });
  const main = (
    <Button
      getRootRef={button}
      size="l"
      stretched
      type={type}
      loading={loading}
      // disabled while in flight as well: no second press, and Enter in a field cannot send the form again
      disabled={disabled || loading}
      onClick={type === 'button' ? onClick : undefined}
      data-testid={testId}
      data-native-bar={isNative || undefined}
      style={isNative ? { display: 'none' } : undefined}
    >
      {label ?? text}
    </Button>
  );
  if (!secondary || isNative) return main;
  return (
    <ButtonGroup stretched gap="s" mode="horizontal">
      <Button
        size="l"
        stretched
        mode="secondary"
        type="button"
        disabled={loading}
        onClick={secondary.onClick}
        data-testid={secondary.testId}
      >
        {secondary.text}
      </Button>
      {main}
    </ButtonGroup>
  );
}
