import { defineConfig } from '@playwright/test';

// Journeys in Debian's Chromium against the real server (built app, fresh embedded database, demo data).
// Two projects: `browser` (plain website) and `telegram` (Mini App launch params emulated as Telegram passes them).
const port = Number(process.env.E2E_PORT ?? 3211);
export const e2eBotToken = '7000000001:E2E-development-bot-token-not-secret';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: '.tmp/playwright.json' }],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    { name: 'browser', testMatch: /.*\.(browser|both)\.spec\.ts/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'telegram',
      testMatch: /.*\.(telegram|both)\.spec\.ts/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: `rm -rf .tmp/e2e-data && npx vite build --logLevel warn && npx tsx server/src/main.ts`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      LOG_LEVEL: 'warn',
      OPS_TOKEN: 'e2e-operator-token',
      TELEGRAM_BOT_TOKEN: e2eBotToken,
      RATE_LIMIT_PER_MINUTE: '100000',
      SUPPORT_URL: 'https://t.me/casino_support',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9', // no network: the bot's calls fail fast on a closed local port
      TON_WATCHER_ENABLED: 'false',
      CRASH_BETTING_MS: '4000',
      CRASH_PAUSE_MS: '1000',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
