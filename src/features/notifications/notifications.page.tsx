import { useEffect, useState } from 'react';
import {
  Button,
  ButtonGroup,
  Caption,
  Div,
  FormItem,
  Group,
  Header,
  IconButton,
  Placeholder,
  SegmentedControl,
  SimpleCell,
  Switch,
  Text,
} from '@vkontakte/vkui';
import { Icon24DeleteOutline } from '@vkontakte/icons';
import { useTranslation } from 'react-i18next';
import { subscribeKey } from 'valtio/utils';
import { Link } from 'wouter';
import type { NotificationItem, NotificationPreferences } from '@contracts/notifications';
import { addBundledTexts } from '../../shared/i18n/i18n';
import { usePagedResource, useResource } from '../../shared/data/use-resource';
import { showToast } from '../../shared/toast/toast.store';
import { Select } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { LoadFailed } from '../../shared/ui/load-failed';
import { getPlatform } from '../../platform';
import {
  deleteNotification,
  fetchNotifications,
  fetchPreferences,
  markViewed,
  savePreferences,
} from './notifications.api';
import { pageTexts } from './notifications.locales';
import { notificationsState, refreshUnviewed } from './notifications.store';
import './notifications.css';

addBundledTexts(pageTexts);
const SIZE = 20;
const newsArrived = (fire: () => void) => subscribeKey(notificationsState, 'changed', fire);

// profile → general → notifications: the list (all or new; opening one marks it viewed; delete) and where the player is
// told things (channel, news and offers, the bot's permission to write inside Telegram).
export default function NotificationsPage() {
  return (
    <>
      <NotificationList />
      <NotificationSettings />
    </>
  );
}
export { NotificationsPage };

function NotificationList() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<'all' | 'new'>('all');
  const [open, setOpen] = useState<number | null>(null);
  const list = usePagedResource(
    [filter, i18n.language],
    (page) =>
      fetchNotifications({
        page,
        size: SIZE,
        lang: i18n.language,
        ...(filter === 'new' ? { is_viewed: 'false' as const } : {}),
      }),
    // a live notification: the open list reads its rows again in place
    { refreshOn: newsArrived },
  );
  const [gone, setGone] = useState<Set<number>>(new Set());
  const [viewed, setViewed] = useState<Set<number>>(new Set());

  async function openItem(item: NotificationItem) {
    setOpen(open === item.id ? null : item.id);
    if (item.is_viewed || viewed.has(item.id)) return;
    await markViewed(item.id);
    setViewed((v) => new Set(v).add(item.id));
    if (filter === 'new') setGone((g) => new Set(g).add(item.id)); // off the unviewed list
    void refreshUnviewed();
  }
  async function remove(item: NotificationItem) {
    await deleteNotification(item.id);
    setGone((g) => new Set(g).add(item.id));
    showToast({ severity: 'success', summary: 'notifications.deleted' });
    void refreshUnviewed();
  }
  const items = list.items.filter((i) => !gone.has(i.id));

  return (
    <Group header={<Header size="l">{t('notifications.title')}</Header>} data-testid="notifications-list">
      <Div>
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as 'all' | 'new')}
          options={[
            { value: 'all', label: t('notifications.all') },
            { value: 'new', label: t('notifications.unviewed') },
          ]}
        />
      </Div>
      {list.failed ? (
        <LoadFailed onRetry={list.reload} />
      ) : list.loading && !list.data ? (
        <Spinner size="m" />
      ) : items.length === 0 ? (
        <Placeholder>{t(filter === 'new' ? 'notifications.empty_unviewed' : 'notifications.empty')}</Placeholder>
      ) : (
        <ul className="notification-list" aria-label={t('notifications.title')}>
          {items.map((item) => {
            const unviewed = !item.is_viewed && !viewed.has(item.id);
            const expanded = open === item.id;
            return (
              <li
                key={item.id}
                className={unviewed ? 'notification notification--new' : 'notification'}
                data-testid="notification-item"
                data-id={item.id}
                data-viewed={!unviewed}
              >
                <button
                  type="button"
                  className="notification__head"
                  aria-expanded={expanded}
                  onClick={() => void openItem(item).catch(() => undefined)}
                  data-testid="notification-open"
                >
                  <Text weight={unviewed ? '1' : '3'}>
                    {unviewed && <span className="notification__dot" aria-label={t('notifications.new_badge')} />}
                    {item.title}
                  </Text>
                  <Caption level="1" className="notification__when">
                    {new Date(item.created_at).toLocaleString(i18n.language)}
                  </Caption>
                  <Text className={expanded ? 'notification__text' : 'notification__text notification__text--clip'}>
                    {item.text}
                  </Text>
                </button>
                <div className="notification__actions">
                  {expanded && item.link && (
                    <Link href={item.link} asChild>
                      <Button Component="a" href={item.link} size="s" mode="secondary" data-testid="notification-link">
                        {t('notifications.open')}
                      </Button>
                    </Link>
                  )}
                  <IconButton
                    label={`${t('notifications.delete')}: ${item.title}`}
                    onClick={() => void remove(item).catch(() => undefined)}
                    data-testid="notification-delete"
                  >
                    <Icon24DeleteOutline />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {list.hasMore && (
        <Div>
          <Button size="m" mode="secondary" stretched onClick={list.more} data-testid="notifications-more">
            {t('notifications.more')}
          </Button>
        </Div>
      )}
    </Group>
  );
}

function NotificationSettings() {
  const { t } = useTranslation();
  const prefs = useResource(['notification-preferences'], fetchPreferences);
  const [current, setCurrent] = useState<NotificationPreferences | undefined>();
  const [asked, setAsked] = useState<'allowed' | 'refused' | null>(null);
  useEffect(() => setCurrent(prefs.data), [prefs.data]);
  const inTelegram = getPlatform().kind === 'telegram';

  async function save(body: Parameters<typeof savePreferences>[0]) {
    setCurrent(await savePreferences(body));
    showToast({ severity: 'success', summary: 'notifications.saved' });
  }
  /** Telegram's write-access prompt, asked when the player wants bot messages (never at launch). */
  async function askWriteAccess() {
    const allowed = await getPlatform().requestWriteAccess();
    if (allowed === null) return;
    setAsked(allowed ? 'allowed' : 'refused');
    setCurrent(await savePreferences({ telegram_writable: allowed }));
  }
  async function chooseChannel(channel: 'telegram' | 'email' | 'none') {
    await save({ preferred_communication_channel: channel });
    if (channel === 'telegram' && inTelegram && !current?.telegram.writable) await askWriteAccess();
  }

  if (prefs.failed) return <LoadFailed onRetry={prefs.reload} />;
  if (!current) return <Spinner size="m" />;
  const channels = [...(current.telegram.linked ? (['telegram'] as const) : []), 'email' as const, 'none' as const];
  const channel = (channels as readonly string[]).includes(current.preferred_communication_channel)
    ? current.preferred_communication_channel
    : 'none';
  return (
    <Group header={<Header>{t('notifications.settings')}</Header>} data-testid="notification-settings">
      <FormItem top={t('notifications.channel')}>
        <Select
          label={t('notifications.channel')}
          value={channel}
          onChange={(e) => void chooseChannel(e.target.value as 'telegram' | 'email' | 'none').catch(() => undefined)}
          options={channels.map((c) => ({ value: c, label: t(`notifications.channel_${c}`) }))}
          data-testid="notification-channel"
        />
      </FormItem>
      {channel === 'email' && !current.email.address && (
        <Div>
          <Caption level="1">{t('notifications.no_email')}</Caption>
        </Div>
      )}
      {current.telegram.linked && channel === 'telegram' && (
        <Div
          className="notification-access"
          data-testid="telegram-access"
          data-state={current.telegram.unavailable ? 'unavailable' : current.telegram.writable ? 'writable' : 'ask'}
        >
          <Text>
            {current.telegram.unavailable
              ? t('notifications.telegram_unavailable')
              : current.telegram.writable
                ? t('notifications.telegram_allowed')
                : asked === 'refused'
                  ? t('notifications.telegram_refused')
                  : t('notifications.telegram_ask')}
          </Text>
          {inTelegram && !current.telegram.writable && (
            <ButtonGroup>
              <Button
                size="m"
                mode="primary"
                onClick={() => void askWriteAccess().catch(() => undefined)}
                data-testid="telegram-allow"
              >
                {t('notifications.telegram_allow')}
              </Button>
            </ButtonGroup>
          )}
        </Div>
      )}
      <SimpleCell
        Component="label"
        after={
          <Switch
            checked={!current.unsubscribed}
            aria-label={t('notifications.marketing')}
            onChange={(e) => void save({ unsubscribed: !e.target.checked }).catch(() => undefined)}
            data-testid="notification-marketing"
          />
        }
        subtitle={t('notifications.marketing_hint')}
        multiline
      >
        {t('notifications.marketing')}
      </SimpleCell>
    </Group>
  );
}
