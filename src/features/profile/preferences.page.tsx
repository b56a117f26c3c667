import { Button, Checkbox, FormItem, Group, Header, SimpleCell } from '@vkontakte/vkui';
import { Link } from 'wouter';
import { paths } from '../../shared/routing/paths';
import { Select } from '../../shared/ui/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { showToast } from '../../shared/toast/toast.store';
import { playerState } from '../../shared/player/player.store';
import { updatePlayer } from './profile.api';

// `sms` stays in the contract (spec §3) but nothing can deliver it, so it is not offered: a player who had it set is
// told in the app only, like `none` (docs/decisions/023-notifications.md)
const CHANNELS = ['email', 'telegram', 'none'] as const;

// /profile/general/preferences: language and communication channel.
export function PreferencesPage({ onLanguage }: { onLanguage: (code: string) => Promise<boolean> }) {
  const { t, i18n } = useTranslation();
  const { player } = useSnapshot(playerState);
  const [channel, setChannel] = useState<string>((player?.preferred_communication_channel as string) ?? 'email');
  async function save() {
    playerState.player = await updatePlayer({ preferred_communication_channel: channel as (typeof CHANNELS)[number] });
    showToast({ severity: 'success', summary: 'profile.saved' });
  }
  return (
    <Group data-testid="profile-preferences">
      <FormItem top={t('profile.language')}>
        <Select
          label={t('profile.language')}
          value={i18n.language}
          onChange={(e) => void onLanguage(e.target.value)}
          options={[
            { value: 'en', label: 'English' },
            { value: 'ru', label: 'Русский' },
          ]}
          data-testid="preferences-language"
        />
      </FormItem>
      <FormItem top={t('profile.channel')}>
        <Select
          label={t('profile.channel')}
          value={channel}
          onChange={(e) => setChannel(e.target.value)}
          options={CHANNELS.map((c) => ({ value: c, label: t(`profile.channel_${c}`) }))}
        />
      </FormItem>
      <FormItem>
        {/* privacy by default: others see a masked name until the player allows it (issue 27) */}
        <Checkbox
          checked={player?.show_info === true}
          data-testid="preferences-show-info"
          onChange={(e) => {
            const show_info = e.currentTarget.checked;
            void updatePlayer({ show_info })
              .then((p) => (playerState.player = p))
              .catch(() => undefined);
          }}
        >
          {t('profile.show_info')}
        </Checkbox>
      </FormItem>
      <FormItem>
        <Button size="l" onClick={() => void save().catch(() => undefined)}>
          {t('profile.save')}
        </Button>
      </FormItem>
      {/* Telegram's ⋯ menu → Settings opens this page: the rest of the settings are one tap away */}
      <Group mode="plain" header={<Header>{t('profile.settings_more')}</Header>} data-testid="settings-more">
        {(
          [
            ['settings_notifications', paths.profile('general', 'notifications')],
            ['settings_limits', paths.profile('general', 'limits')],
            ['settings_terms', paths.content('terms')],
            ['settings_privacy', paths.content('privacy')],
          ] as const
        ).map(([key, href]) => (
          <Link key={key} href={href} asChild>
            <SimpleCell Component="a" href={href} chevron="always">
              {t(`profile.${key}`)}
            </SimpleCell>
          </Link>
        ))}
      </Group>
    </Group>
  );
}
