export const referralsTexts = {
  en: {
    referrals: {
      title: 'Invite a friend',
      text: 'Share your invitation link. Friends must be 18 or older.',
      invite: 'Invite',
      count_one: '{{count}} friend joined from your invitations',
      count_other: '{{count}} friends joined from your invitations',
      none: 'No friends have joined from your invitations yet',
      share_text: 'Join me at the casino. 18+ only, play responsibly.',
      sent: 'Invitation sent',
      copied: 'Link copied',
      link_label: 'Your invitation link',
      copy: 'Copy link',
    },
  },
  ru: {
    referrals: {
      title: 'Пригласить друга',
      text: 'Поделитесь ссылкой-приглашением. Друзьям должно быть 18 лет или больше.',
      invite: 'Пригласить',
      count_one: '{{count}} друг пришёл по вашим приглашениям',
      count_few: '{{count}} друга пришли по вашим приглашениям',
      count_many: '{{count}} друзей пришли по вашим приглашениям',
      count_other: '{{count}} друга пришли по вашим приглашениям',
      none: 'По вашим приглашениям пока никто не пришёл',
      share_text: 'Присоединяйся ко мне в казино. Только 18+, играй ответственно.',
      sent: 'Приглашение отправлено',
      copied: 'Ссылка скопирована',
      link_label: 'Ваша ссылка-приглашение',
      copy: 'Копировать ссылку',
    },
  },
};
