import { lazy } from 'react';
import { paths, patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

const page = (name: 'LoginPage' | 'SignupPage' | 'TelegramLoginPage') =>
  lazy(() => import('.').then((m) => ({ default: m[name] })));

// Only for guests: a signed-in player is sent home.
export const authRoutes: RouteEntry[] = [
  { name: 'auth', pattern: '/auth', access: 'logged-out', redirect: () => paths.login() },
  { name: 'login', pattern: patterns.login, access: 'logged-out', page: page('LoginPage') },
  { name: 'signup', pattern: patterns.signup, access: 'logged-out', page: page('SignupPage') },
  { name: 'telegram', pattern: patterns.telegramLogin, access: 'logged-out', page: page('TelegramLoginPage') },
];
