import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { getPlatform } from '../../platform';
import { paths } from '../../shared/routing/paths';
import { platformSettings } from './site-status.store';

// Where Support goes (issue 28, item 3: with SUPPORT_URL unset there was no way to reach anyone): the operator's
// SUPPORT_URL when set; inside Telegram, else, the bot's chat; otherwise the support page (a content page the operator
// edits with its contacts). One answer for the header, the footer, the terms and the maintenance page.
export function useSupport(): { href: string; open(): void } {
  const { supportUrl, telegramBotUsername } = useSnapshot(platformSettings);
  const [, navigate] = useLocation();
  const platform = getPlatform();
  const external =
    supportUrl ?? (platform.kind === 'telegram' && telegramBotUsername ? `https://t.me/${telegramBotUsername}` : null);
  if (!external) return { href: paths.content('support'), open: () => navigate(paths.content('support')) };
  return {
    href: external,
    // Telegram links open inside Telegram; others in the browser
    open: () =>
      /^https:\/\/t\.me\//.test(external) ? platform.openTelegramLink(external) : platform.openLink(external),
  };
}

/** A text link to support, for the pages that send players there (terms, maintenance). */
export function SupportLink({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const support = useSupport();
  return (
    <a
      href={support.href}
      data-testid={testId}
      onClick={(e) => {
        e.preventDefault();
        support.open();
      }}
    >
      {t('common.contact_support')}
    </a>
  );
}
