import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_ERROR_BLOCKED, BODY_ERROR_MAINTENANCE, ErrorCode } from '@contracts/errors';
import { siteStatusResponse } from '@contracts/informational';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import type { Config } from '../../config';
import { route } from '../../lib/route';
import { routedPath } from '../../plugins/request-path';
import type { SiteStatusService } from './site-status.service';

// Calls that must keep working in maintenance and for blocked regions, so the app can render its status pages.
const ALWAYS_OPEN = [
  '/main-api/informational/',
  '/main-api/translations/',
  '/main-api/ui_style/',
  '/main-api/seo-settings',
  '/main-api/site/status',
  '/main-api/platform-config/general',
];

/** Answers 6000 (region blocked, HTTP 451) and 6001 (maintenance, HTTP 503) body errors of spec §8. */
export function registerSiteStatusGate(app: FastifyInstance, service: SiteStatusService, config: Config): void {
  app.addHook('onRequest', (request, reply, done) => {
    // other paths (the house games' API, static files) pass at once, without an async turn
    // decided on the routed path: `/%6dain-api/…` reaches the same routes as `/main-api/…`
    const path = routedPath(request.url);
    if (!path.startsWith('/main-api/') && !path.startsWith('/int-api/')) return done();
    gate(request, reply, path).then(() => {
      if (!reply.sent) done(); // a gate that answered ends the request here, as an async hook's `return reply` does
    }, done);
  });
  async function gate(request: FastifyRequest, reply: FastifyReply, path: string) {
    if (ALWAYS_OPEN.some((p) => path.startsWith(p))) return;
    const country = request.headers[config.COUNTRY_HEADER.toLowerCase()];
    if (service.isRegionBlocked(Array.isArray(country) ? country[0] : country)) {
      return reply.code(451).send({
        error: BODY_ERROR_BLOCKED,
        code: ErrorCode.SITE_REGION_BLOCKED,
        detail: 'The site is not available in your region',
        redirect_url: service.blockedRedirectUrl(request.host),
      });
    }
    if (await service.isMaintenance()) {
      return reply.code(503).header('Retry-After', '60').send({
        error: BODY_ERROR_MAINTENANCE,
        code: ErrorCode.SITE_MAINTENANCE,
        detail: 'The site is under maintenance',
      });
    }
  }
}

export const siteStatusRoutes: FastifyPluginAsyncZod<{ service: SiteStatusService; config: Config }> = async (
  app,
  { service, config },
) => {
  const tags = ['site'];
  route(
    app,
    informationalEndpoints.siteStatus,
    { schema: { tags, response: { 200: siteStatusResponse } } },
    async (request) => {
      const country = request.headers[config.COUNTRY_HEADER.toLowerCase()];
      return {
        maintenance: await service.isMaintenance(),
        blocked: service.isRegionBlocked(Array.isArray(country) ? country[0] : country),
      };
    },
  );
  route(
    app,
    informationalEndpoints.generalSettings,
    {
      schema: {
        tags,
        response: {
          200: z.object({
            main_brand: z.boolean(),
            telegram_bot_username: z.string().nullable(),
            /** The Mini App's short name (t.me/<bot>/<short name>): where wallets send the player back after signing. */
            telegram_webapp_short_name: z.string().nullable(),
            support_url: z.string().nullable(),
            captcha_provider: z.enum(['turnstile', 'hcaptcha']).nullable(),
            captcha_site_key: z.string().nullable(),
          }),
        },
      },
    },
    () => service.generalSettings(),
  );
  // platform-config/cashback_settings: the cashback module's (issue 25)
};
