import { useRef, type ReactNode } from 'react';
import { Button } from '@vkontakte/vkui';
import { useMainButton } from './use-bottom-button';

/**
 * A screen's main action, one component for both channels: the page's own button (the web, clients below 7.10,
 * screen readers) and Telegram's bottom-bar button with the same label, loader and disabled state. A submit button
 * submits its form from the bottom bar too, so validation runs the same way.
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
}) {
  const button = useRef<HTMLElement | null>(null);
  useMainButton({
    text,
    loading,
    disabled: disabled || invalid,
    onClick: () => {
      const form = (button.current as HTMLButtonElement | null)?.form;
      if (type === 'submit' && form) form.requestSubmit();
      else onClick?.();
    },
  });
  return (
    <Button
      getRootRef={button}
      size="l"
      stretched
      type={type}
      loading={loading}
      disabled={disabled}
      onClick={type === 'button' ? onClick : undefined}
      data-testid={testId}
    >
      {label ?? text}
    </Button>
  );
}
