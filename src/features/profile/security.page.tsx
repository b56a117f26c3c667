import { errorText } from '../../shared/i18n/error-text';
import { useId, useState } from 'react';
import { Button, Div, FormItem, Group, Header, Image, Input, SimpleCell, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../shared/api';
import { showToast } from '../../shared/toast/toast.store';
import { loadPlayer, playerState } from '../../shared/player/player.store';
import { changePassword, disable2fa, enable2fa, setup2fa } from './profile.api';

// /profile/general/security: change the password (a wrong current password is shown in the form, no toast) and 2FA.
export function SecurityPage() {
  return (
    <>
      <PasswordForm />
      <TwoFactor />
    </>
  );
}

function PasswordForm() {
  const fieldId = useId(); // unique per form: a label's `for` must name one control
  const { t } = useTranslation();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await changePassword(oldPassword, newPassword);
      setOld('');
      setNew('');
      showToast({ severity: 'success', summary: 'toast.done', detail: 'change_password_detail' });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 422)) setError(errorText(err));
    }
  }
  return (
    <Group header={<Header>{t('profile.change_password')}</Header>}>
      <form onSubmit={submit} noValidate data-testid="password-form">
        <FormItem top={t('profile.old_password')} htmlFor={`${fieldId}-1`}>
          <Input
            id={`${fieldId}-1`}
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={(e) => setOld(e.target.value)}
            slotProps={{ input: { 'data-testid': 'old-password' } }}
          />
        </FormItem>
        <FormItem
          top={t('profile.new_password')}
          status={error ? 'error' : 'default'}
          bottom={error ?? t('profile.password_rule')}
          htmlFor={`${fieldId}-2`}
        >
          <Input
            id={`${fieldId}-2`}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            slotProps={{ input: { 'data-testid': 'new-password' } }}
          />
        </FormItem>
        <FormItem>
          <Button type="submit" size="l" data-testid="password-submit">
            {t('profile.change_password')}
          </Button>
        </FormItem>
      </form>
    </Group>
  );
}

function TwoFactor() {
  const fieldId = useId(); // unique per form: a label's `for` must name one control
  const { t } = useTranslation();
  const { player } = useSnapshot(playerState);
  const [setup, setSetup] = useState<{ qr_code: string; secret: string } | null>(null);
  const [code, setCode] = useState('');
  const enabled = !!player?.is_2fa_enabled;

  async function start() {
    try {
      setSetup(await setup2fa());
    } catch {
      showToast({ severity: 'error', summary: 'errors.setup_2fa', detail: 'failed_to_setup_2fa' });
    }
  }
  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    try {
      if (enabled) await disable2fa(code.trim());
      else await enable2fa(code.trim());
      showToast({
        severity: 'success',
        summary: 'toast.done',
        detail: enabled ? 'disable_2fa_detail' : 'enable_2fa_detail',
      });
      setSetup(null);
      setCode('');
      await loadPlayer();
    } catch {
      showToast({
        severity: 'error',
        summary: 'errors.setup_2fa',
        detail: enabled ? 'failed_to_disable_2fa' : 'failed_to_enable_2fa',
      });
    }
  }

  return (
    <Group header={<Header>{t('profile.two_factor')}</Header>} data-testid="two-factor">
      <SimpleCell
        after={
          <Text data-testid="two-factor-state">
            {enabled ? t('profile.two_factor_on') : t('profile.two_factor_off')}
          </Text>
        }
      >
        {t('profile.two_factor')}
      </SimpleCell>
      {!enabled && !setup && (
        <Div>
          <Button size="m" onClick={start} data-testid="two-factor-setup">
            {t('profile.two_factor_setup')}
          </Button>
        </Div>
      )}
      {setup && (
        <Div>
          <Text>{t('profile.two_factor_scan')}</Text>
          <Image src={setup.qr_code} alt="QR" size={160} style={{ margin: '12px 0' }} />
          <Text data-testid="two-factor-secret" style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {setup.secret}
          </Text>
        </Div>
      )}
      {(setup || enabled) && (
        <form onSubmit={confirm} noValidate>
          <FormItem top={t('profile.code')} htmlFor={`${fieldId}-3`}>
            <Input
              id={`${fieldId}-3`}
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              slotProps={{ input: { 'data-testid': 'two-factor-code' } }}
            />
          </FormItem>
          <FormItem>
            <Button type="submit" size="m" mode={enabled ? 'secondary' : 'primary'} data-testid="two-factor-submit">
              {enabled ? t('profile.two_factor_disable') : t('profile.two_factor_enable')}
            </Button>
          </FormItem>
        </form>
      )}
    </Group>
  );
}
