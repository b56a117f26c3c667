import { useState } from 'react';
import { Button, Div, Group, Header, SimpleCell, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { playerState } from '../../shared/player/player.store';
import { requestEmailConfirmation } from './profile.api';

// /profile/general/verification: the verification and security state; the email confirmation link.
export function VerificationPage() {
  const { t } = useTranslation();
  const { player } = useSnapshot(playerState);
  const [sent, setSent] = useState(false);
  if (!player) return null;
  const emailState = !player.email
    ? t('profile.no_email')
    : player.is_email_verified
      ? t('profile.verified')
      : t('profile.not_verified');
  return (
    <Group header={<Header>{t('pages.verification')}</Header>} data-testid="profile-verification">
      <SimpleCell subtitle={player.email ?? undefined} after={<Text data-testid="email-state">{emailState}</Text>}>
        {t('profile.email_state')}
      </SimpleCell>
      <SimpleCell
        after={<Text>{player.is_2fa_enabled ? t('profile.two_factor_on') : t('profile.two_factor_off')}</Text>}
      >
        {t('profile.two_factor')}
      </SimpleCell>
      {!!player.has_telegram && <SimpleCell after={<Text>✓</Text>}>{t('profile.telegram_linked')}</SimpleCell>}
      {player.email && !player.is_email_verified && (
        <Div>
          {sent ? (
            <Text data-testid="confirmation-sent">{t('profile.confirmation_sent')}</Text>
          ) : (
            <Button
              size="m"
              onClick={() =>
                requestEmailConfirmation().then(
                  () => setSent(true),
                  () => undefined,
                )
              }
              data-testid="send-confirmation"
            >
              {t('profile.send_confirmation')}
            </Button>
          )}
        </Div>
      )}
    </Group>
  );
}
