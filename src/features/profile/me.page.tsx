import { errorText } from '../../shared/i18n/error-text';
import { lazy, Suspense, useId, useState } from 'react';
import { Button, Div, FormItem, FormLayoutGroup, Group, Input, Text } from '@vkontakte/vkui';
import { Select } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { UpdatePlayerBody } from '@contracts/accounts';
import { latestBirthday } from '@contracts/accounts.rules';
import { ApiError } from '../../shared/api';
import { showToast } from '../../shared/toast/toast.store';
import { playerState } from '../../shared/player/player.store';
import { updatePlayer } from './profile.api';
import { HomeScreenOffer } from './home-screen-offer';

// invites load with their own chunk, after the form (issue 26)
const InviteCard = lazy(() => import('../referrals').then((m) => ({ default: m.InviteCard })));

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

// /profile/general/me: names, username, email, phone, sex, birthday (18+), country and address.
// The form starts from the loaded player, so it waits for /users/me (a reload on this page starts without it).
export function MePage() {
  const { t } = useTranslation();
  const { player } = useSnapshot(playerState);
  // what the page is for, in one line: also drawn by the server with the HTML (server/src/plugins/first-screen.ts),
  // so the page's largest text paints before the app's JavaScript has run (issue 28 item 17)
  const intro = (
    <Div>
      <Text data-testid="profile-me-intro">{t('profile.me_intro')}</Text>
    </Div>
  );
  // while the player loads, the form's room is kept (a screen): the sign-out button under it starts below the fold
  // rather than in view and pushed down when the form arrives (Lighthouse's CLS 0.110 on this page, issue 28 item 17)
  if (!player)
    return (
      <div style={{ minHeight: '100dvh' }}>
        {intro}
        <Spinner size="m" style={{ margin: '24px auto' }} data-testid="profile-loading" />
      </div>
    );
  return (
    <>
      {intro}
      <HomeScreenOffer />
      <MeForm key={String(player.id)} />
      <Suspense fallback={null}>
        <InviteCard />
      </Suspense>
    </>
  );
}

function MeForm() {
  const fieldId = useId(); // unique per form: a label's `for` must name one control
  const { t } = useTranslation();
  const { player } = useSnapshot(playerState);
  const address = (player?.address ?? {}) as Record<string, string | undefined>;
  const [form, setForm] = useState(() => ({
    name: str(player?.name),
    last_name: str(player?.last_name),
    username: str(player?.username),
    email: str(player?.email),
    tel: str(player?.tel),
    sex: str(player?.sex),
    birthday: str(player?.birthday),
    country_code: str(player?.country_code),
    city: address.city ?? '',
    postal_code: address.postal_code ?? '',
    address: address.address ?? '',
  }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const maxBirthday = latestBirthday(new Date());
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [k]: e.target.value });

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (form.birthday && form.birthday > maxBirthday) return setError(t('profile.birthday_hint'));
    const body: UpdatePlayerBody = {
      name: orNull(form.name),
      last_name: orNull(form.last_name),
      username: orNull(form.username),
      email: orNull(form.email)?.toLowerCase() ?? null,
      tel: orNull(form.tel),
      sex: (orNull(form.sex) as UpdatePlayerBody['sex']) ?? null,
      birthday: orNull(form.birthday),
      country_code: orNull(form.country_code.toUpperCase()),
      address: {
        city: form.city || undefined,
        postal_code: form.postal_code || undefined,
        address: form.address || undefined,
      },
    };
    setBusy(true);
    setError(null);
    try {
      playerState.player = await updatePlayer(body);
      showToast({ severity: 'success', summary: 'profile.saved' });
    } catch (err) {
      if (err instanceof ApiError) setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group data-testid="profile-me">
      <form onSubmit={save} noValidate>
        <FormLayoutGroup mode="horizontal">
          <FormItem top={t('profile.name')} htmlFor={`${fieldId}-1`}>
            <Input id={`${fieldId}-1`} value={form.name} onChange={set('name')} />
          </FormItem>
          <FormItem top={t('profile.last_name')} htmlFor={`${fieldId}-2`}>
            <Input id={`${fieldId}-2`} value={form.last_name} onChange={set('last_name')} />
          </FormItem>
        </FormLayoutGroup>
        <FormItem top={t('profile.username')} htmlFor={`${fieldId}-3`}>
          <Input id={`${fieldId}-3`} value={form.username} onChange={set('username')} />
        </FormItem>
        <FormItem top={t('profile.email')} htmlFor={`${fieldId}-4`}>
          <Input
            id={`${fieldId}-4`}
            type="email"
            value={form.email}
            onChange={set('email')}
            slotProps={{ input: { 'data-testid': 'profile-email' } }}
          />
        </FormItem>
        <FormItem top={t('profile.tel')} htmlFor={`${fieldId}-5`}>
          <Input id={`${fieldId}-5`} type="tel" value={form.tel} onChange={set('tel')} />
        </FormItem>
        <FormItem top={t('profile.sex')}>
          <Select
            label={t('profile.sex')}
            value={form.sex}
            onChange={set('sex')}
            placeholder="—"
            options={(['male', 'female', 'other'] as const).map((s) => ({ value: s, label: t(`profile.${s}`) }))}
          />
        </FormItem>
        <FormItem top={t('profile.birthday')} bottom={t('profile.birthday_hint')} htmlFor={`${fieldId}-6`}>
          <Input
            id={`${fieldId}-6`}
            type="date"
            value={form.birthday}
            max={maxBirthday}
            onChange={set('birthday')}
            slotProps={{ input: { 'data-testid': 'profile-birthday' } }}
          />
        </FormItem>
        <FormLayoutGroup mode="horizontal">
          <FormItem top={t('profile.country')} htmlFor={`${fieldId}-7`}>
            <Input id={`${fieldId}-7`} value={form.country_code} maxLength={2} onChange={set('country_code')} />
          </FormItem>
          <FormItem top={t('profile.city')} htmlFor={`${fieldId}-8`}>
            <Input id={`${fieldId}-8`} value={form.city} onChange={set('city')} />
          </FormItem>
          <FormItem top={t('profile.postal_code')} htmlFor={`${fieldId}-9`}>
            <Input id={`${fieldId}-9`} value={form.postal_code} onChange={set('postal_code')} />
          </FormItem>
        </FormLayoutGroup>
        <FormItem top={t('profile.address')} htmlFor={`${fieldId}-10`}>
          <Input id={`${fieldId}-10`} value={form.address} onChange={set('address')} />
        </FormItem>
        {error && (
          <FormItem status="error" bottom={t(error)} data-testid="profile-error">
            {null}
          </FormItem>
        )}
        <FormItem>
          <Button size="l" type="submit" loading={busy} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </FormItem>
      </form>
    </Group>
  );
}
