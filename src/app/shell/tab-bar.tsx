import { Tabbar, TabbarItem } from '@vkontakte/vkui';
import { Icon28FavoriteOutline, Icon28HomeOutline, Icon28UserCircleOutline } from '@vkontakte/icons';
import { CurrencyIcon } from '../../features/cashbox/currency-icon';

export interface ShellTab {
  id: 'home' | 'favorites' | 'cashbox' | 'profile';
  href: string;
  label: string;
}

// The phone's tab bar, shown to a signed-in player only: a chunk of its own, so a guest's first load goes without
// it (VKUI's Tabbar, the icons). It is fixed to the bottom of the screen: arriving late moves nothing.
export default function TabBar({
  tabs,
  currency,
  isActive,
  onSelect,
}: {
  tabs: ShellTab[];
  currency: string;
  isActive: (href: string) => boolean;
  onSelect: (href: string) => void;
}) {
  const icons: Record<ShellTab['id'], React.ReactNode> = {
    home: <Icon28HomeOutline />,
    favorites: <Icon28FavoriteOutline />,
    cashbox: <CurrencyIcon currency={currency} />,
    profile: <Icon28UserCircleOutline />,
  };
  return (
    <Tabbar className="app-tabbar">
      {tabs.map((tab) => (
        <TabbarItem key={tab.id} selected={isActive(tab.href)} onClick={() => onSelect(tab.href)} label={tab.label}>
          {icons[tab.id]}
        </TabbarItem>
      ))}
    </Tabbar>
  );
}
