// English texts shared by the shell. Feature-specific texts live beside their features.
export const en = {
  common: {
    site_title: 'Casino', loading: 'Loading…', retry: 'Try again', close: 'Close', ok: 'OK', back: 'Back',
    sign_in: 'Sign in', sign_up: 'Sign up', sign_out: 'Sign out', balance: 'Balance', bonus_balance: 'Bonus',
    coming_soon: 'This section opens soon', coming_soon_text: 'We are building it. Come back later.', go_home: 'Go to home',
    empty: 'Nothing here yet', load_failed: 'Could not load this. Check your connection and try again.',
    language: 'Language', until: 'until', support_hours: 'Support answers 24/7',
  },
  nav: { home: 'Home', favorites: 'Favourites', cashbox: 'Cashbox', profile: 'Profile', sport: 'Sport', login: 'Sign in' },
  pages: {
    home: 'Home', favorites: 'Favourites', bonuses: 'Bonuses', levels: 'Levels', cashback: 'Cashback', terms: 'Terms',
    section: 'Games', tournament: 'Tournament', game: 'Game', sport: 'Sport', cashbox: 'Cashbox', deposit: 'Deposit',
    cashout: 'Cash out', profile: 'Profile', auth: 'Sign in', login: 'Sign in', signup: 'Sign up', telegram: 'Telegram sign-in',
    maintenance: 'Maintenance', blocked: 'Not available', me: 'Personal data', verification: 'Verification',
    security: 'Security', notifications: 'Notifications', preferences: 'Preferences', limits: 'Limits', payments: 'Payments',
    tournaments: 'Tournaments', compensations: 'Compensations', cashbacks: 'Cashbacks', bets: 'Bets', wheel: 'Wheel',
    general: 'General', history: 'History', promotions: 'Promotions', my: 'Mine', available: 'Available', archive: 'Archive',
    info: 'About', leaderboard: 'Leaderboard',
  },
  home: {
    welcome: 'Welcome', tagline: 'Provably fair games, fast payouts', banners_failed: 'Banners could not be loaded.',
    guest_cta: 'Sign up to play for real money', games_soon: 'The game lobby opens here.',
  },
  status: {
    maintenance_title: 'We are doing maintenance', maintenance_text: 'The site will be back shortly. This page reloads by itself.',
    blocked_title: 'Not available in your region', blocked_text: 'Sorry, this site cannot be used from your location.',
  },
  ban: {
    account_blocked_forever: 'Your account is blocked permanently', account_blocked_temp: 'Your account is blocked',
    text: 'Contact support if you think this is a mistake.', accept: 'OK',
  },
  toast: {
    payment_success: 'Payment received', payment_pending: 'Payment is being processed', payment_failed: 'Payment failed',
    new_message: 'New message', check_new_message: 'Check your notifications', go_profile: 'Open profile',
    fill_email: 'Add your email', fill_email_detail: 'Add an email to your profile to receive important messages.',
  },
  errors: {
    change_password: 'Could not change the password', update_player: 'Could not save your data', get_player: 'Could not load your account',
    update_language_code: 'Could not change the language', get_email_confirmation_token: 'Could not send the confirmation email',
    confirm_email: 'Could not confirm the email', get_reset_password_token: 'Could not send the reset link', reset_password: 'Could not reset the password',
    get_player_limits: 'Could not load your limits', get_favourite_games: 'Could not load favourites', setup_2fa: 'Could not set up 2FA',
    set_limit: 'Could not set the limit', set_time_limit: 'Could not set the time limit', set_self_exclusion: 'Could not set self-exclusion',
    get_bets_history: 'Could not load bets', get_bet_details: 'Could not load the bet', get_banners: 'Could not load banners',
    get_cashback: 'Could not load cashback', get_cashback_history: 'Could not load cashback history', get_cashback_settings: 'Could not load cashback settings',
    get_bonuses: 'Could not load bonuses', get_levels: 'Could not load levels', get_kyc_status: 'Could not load verification status',
    upload_photo: 'Could not upload the photo', network_error: 'No connection to the server', token_invalid: 'The link is invalid or has expired',
    failed_to_enable_2fa: 'Wrong code: 2FA was not enabled', failed_to_disable_2fa: 'Wrong code: 2FA was not disabled',
    failed_to_setup_2fa: 'Could not start 2FA setup', init_failed: 'The app started with errors',
  },
};
export type Resources = typeof en;
