#!/usr/bin/env tsx
// `npm run telegram:setup -- --url https://casino.example [--token …] [--polling]`
// Points the bot at the site: the menu button (Web App), commands and descriptions in English and Russian, and the
// webhook (or long polling). Idempotent: it reads the current state first and changes only what differs.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { Api, GrammyError, HttpError } from 'grammy';
import { loadOrCreateSecret } from '../server/src/lib/secrets';
import { buildVersion, versionedWebAppUrl } from '../server/src/lib/build-version';
import { botTexts } from './texts';

export interface SetupOptions {
  token: string;
  url: string;
  polling?: boolean;
  apiRoot?: string;
  /** Required unless polling: 1-256 characters of A-Z a-z 0-9 _ - (Telegram's rule for secret_token). */
  webhookSecret?: string;
  version: string;
  /**
   * The site's public URLs (PUBLIC_URL and PUBLIC_URLS): the Web App URL's host must be one of them. Unset: a warning.
   */
  publicUrls?: string[];
  /** PRIVACY_URL, for the BotFather steps; default `<site>/terms` as the bot's /privacy. */
  privacyUrl?: string;
  /** TELEGRAM_WEBAPP_SHORT_NAME, only to advise on /start links. */
  webAppShortName?: string;
  log?: (line: string) => void;
}

export class SetupError extends Error {}

/** The site's public address: HTTPS, no query or fragment. */
export function checkSiteUrl(url: string): URL {
  let site: URL;
  try {
    site = new URL(url);
  } catch {
    throw new SetupError(`--url is not a URL: ${url}`);
  }
  if (site.protocol !== 'https:')
    throw new SetupError(`--url must be HTTPS (Telegram opens Mini Apps and sends webhooks only over HTTPS): ${url}`);
  if (site.search || site.hash)
    throw new SetupError(`--url must be the site's address without a query or fragment: ${url}`);
  return site;
}

/**
 * The Web App URL's host must be the site's own public host: since July 2026 Telegram refuses Mini App methods from
 * another origin, so a redirect to the site breaks the app; a mirror needs its own launch URL (its own run of this
 * command with --url on the mirror's host). Returns a warning when the public URLs are not known.
 */
export function checkOwnHost(site: URL, publicUrls: string[] | undefined): string | null {
  const hosts = (publicUrls ?? []).filter(Boolean).map((u) => new URL(u).host.toLowerCase());
  if (!hosts.length)
    return `warning: PUBLIC_URL/PUBLIC_URLS not set, so the Web App host ${site.host} cannot be checked against the site's own hosts; Telegram refuses Mini App methods from another origin (a mirror needs its own --url, not a redirect)`;
  if (!hosts.includes(site.host.toLowerCase()))
    throw new SetupError(
      `--url host ${site.host} is not one of the site's public hosts (PUBLIC_URL/PUBLIC_URLS: ${hosts.join(', ')}); Telegram refuses Mini App methods from another origin, so a redirect will not do: give the mirror its own launch URL (add it to PUBLIC_URLS and run with --url on its host)`,
    );
  return null;
}

/** What only @BotFather can set (the Bot API has no method for these). */
export function botFatherSteps(botUsername: string, webAppUrl: string, privacyUrl: string): string[] {
  return [
    `BotFather-only steps (@BotFather → /mybots → @${botUsername} → Bot Settings), once per bot:`,
    `  - Configure Mini App → Enable Mini App / Main Mini App: ${webAppUrl.replace(/\?.*$/, '')} (t.me/${botUsername}?startapp=… opens it signed; the bot's profile gets an Open button)`,
    '  - Configure Mini App → Loading screen: the icon and the background and text colours, light and dark',
    `  - Privacy Policy: ${privacyUrl}`,
  ];
}

export async function runSetup(o: SetupOptions): Promise<string[]> {
  const log = o.log ?? console.log;
  const site = checkSiteUrl(o.url);
  const hostWarning = checkOwnHost(site, o.publicUrls);
  if (hostWarning) log(hostWarning);
  if (!o.polling && !/^[A-Za-z0-9_-]{1,256}$/.test(o.webhookSecret ?? '')) {
    throw new SetupError('The webhook secret (TELEGRAM_WEBHOOK_SECRET) must be 1-256 characters of A-Z a-z 0-9 _ -');
  }
  const base = site.toString().replace(/\/$/, '');
  const api = new Api(o.token, { apiRoot: o.apiRoot ?? 'https://api.telegram.org' });
  const changes: string[] = [];
  const note = (what: string, changed: boolean) => {
    log(`${changed ? 'set      ' : 'unchanged'} ${what}`);
    if (changed) changes.push(what);
  };

  let me;
  try {
    me = await api.getMe();
  } catch (err) {
    if (err instanceof GrammyError && err.error_code === 401)
      throw new SetupError('The bot token was refused by Telegram (401 Unauthorized): check TELEGRAM_BOT_TOKEN');
    if (err instanceof HttpError)
      throw new SetupError(
        `Could not reach the Bot API at ${o.apiRoot ?? 'https://api.telegram.org'}: ${String(err.error)}`,
      );
    throw err;
  }
  log(`bot @${me.username}`);
  if (!o.webAppShortName && !me.has_main_web_app) {
    log(
      'note: no Mini App short name (TELEGRAM_WEBAPP_SHORT_NAME) and no main Mini App in @BotFather, so /start <code> links reach the app only as an unverified `ref` hint (telegram/README.md §1)',
    );
  }

  const webAppUrl = versionedWebAppUrl(`${base}/`, o.version);
  const menu = await api.getChatMenuButton();
  const wantMenu = { type: 'web_app' as const, text: botTexts.en.menu_button, web_app: { url: webAppUrl } };
  const sameMenu = menu.type === 'web_app' && menu.text === wantMenu.text && menu.web_app.url === webAppUrl;
  if (!sameMenu) await api.setChatMenuButton({ menu_button: wantMenu });
  note(`menu button → ${webAppUrl}`, !sameMenu);

  for (const lang of ['en', 'ru'] as const) {
    const t = botTexts[lang];
    const scope = lang === 'en' ? {} : { language_code: lang };
    const commands = Object.entries(t.commands).map(([command, description]) => ({ command, description }));
    const current = await api.getMyCommands(scope);
    const sameCommands = JSON.stringify(current) === JSON.stringify(commands);
    if (!sameCommands) await api.setMyCommands(commands, scope);
    note(`commands (${lang})`, !sameCommands);
    const description = (await api.getMyDescription(scope)).description;
    if (description !== t.description) await api.setMyDescription(t.description, scope);
    note(`description (${lang})`, description !== t.description);
    const short = (await api.getMyShortDescription(scope)).short_description;
    if (short !== t.short_description) await api.setMyShortDescription(t.short_description, scope);
    note(`short description (${lang})`, short !== t.short_description);
  }

  const info = await api.getWebhookInfo();
  if (o.polling) {
    if (info.url) await api.deleteWebhook();
    note('webhook removed (long polling: run `npm run bot` or TELEGRAM_USE_POLLING=true)', !!info.url);
  } else {
    const hookUrl = `${base}/telegram/webhook`;
    // Telegram does not report the secret, so a webhook at the same URL is set again to make sure it matches.
    await api.setWebhook(hookUrl, { secret_token: o.webhookSecret, allowed_updates: ['message', 'callback_query'] });
    note(`webhook → ${hookUrl}`, info.url !== hookUrl);
  }
  for (const line of botFatherSteps(me.username, webAppUrl, o.privacyUrl ?? `${base}/terms`)) log(line);
  return changes;
}

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, token: { type: 'string' }, polling: { type: 'boolean', default: false } },
  });
  const token = values.token ?? process.env.TELEGRAM_BOT_TOKEN;
  if (!token) throw new SetupError('Pass --token or set TELEGRAM_BOT_TOKEN');
  if (!values.url) throw new SetupError('Pass --url https://your-site');
  const publicUrls = [process.env.PUBLIC_URL ?? '', ...(process.env.PUBLIC_URLS ?? '').split(',')]
    .map((u) => u.trim())
    .filter(Boolean);
  checkOwnHost(checkSiteUrl(values.url), publicUrls);
  let webhookSecret = process.env.TELEGRAM_WEBHOOK_SECRET;
  if (!webhookSecret && !values.polling) {
    // the same file the server reads (server/src/main.ts), so both agree when they share DATA_DIR
    const dataDir = process.env.DATA_DIR ?? '.data';
    webhookSecret = loadOrCreateSecret(dataDir, 'telegram-webhook-secret', 32);
    console.log(`webhook secret (from ${dataDir}/secrets/telegram-webhook-secret.txt): ${webhookSecret}`);
    console.log(
      '  if the server runs with another DATA_DIR or on another machine, give it TELEGRAM_WEBHOOK_SECRET=<that value>',
    );
  }
  const changes = await runSetup({
    token,
    url: values.url,
    polling: values.polling,
    apiRoot: process.env.TELEGRAM_API_ROOT,
    webhookSecret,
    version: buildVersion(process.env.BUILD_VERSION),
    webAppShortName: process.env.TELEGRAM_WEBAPP_SHORT_NAME,
    publicUrls,
    privacyUrl: process.env.PRIVACY_URL,
  });
  console.log(changes.length ? `done: ${changes.length} change(s)` : 'done: everything was already set');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof SetupError ? `telegram:setup: ${err.message}` : err);
    process.exit(1);
  });
}
