import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allCurrenciesResponse,
  bannersQuery,
  bannersResponse,
  defaultLanguageResponse,
  domainQuery,
  publicTranslationsResponse,
  seoSettingsResponse,
  translationsResponse,
  uiStyleResponse,
} from '@contracts/informational';
import { errorBody } from '@contracts/common';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { route } from '../../lib/route';
import type { InformationalService } from './informational.service';

// HTTP only: validate with the contract, call one service method. Mounted under /main-api.
export const informationalRoutes: FastifyPluginAsyncZod<{ service: InformationalService }> = async (
  app,
  { service },
) => {
  const tags = ['informational'];
  route(app, informationalEndpoints.allCurrencies, { schema: { tags, response: { 200: allCurrenciesResponse } } }, () =>
    service.allCurrencies(),
  );
  app.get(
    '/informational/default_language_code',
    { schema: { tags, response: { 200: defaultLanguageResponse } } },
    () => service.defaultLanguageCode(),
  );
  app.get(
    '/translations/public',
    { schema: { tags, querystring: domainQuery, response: { 200: publicTranslationsResponse } } },
    () => service.publicTranslations(),
  );
  route(
    app,
    informationalEndpoints.translations,
    {
      schema: {
        tags,
        params: z.object({
          locale: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'must be a language code like en or ru'),
        }),
        querystring: domainQuery,
        response: { 200: translationsResponse, 404: errorBody },
      },
    },
    (req) => service.translations(req.params.locale, req.query.domain ?? ''),
  );
  route(
    app,
    informationalEndpoints.uiStyle,
    { schema: { tags, querystring: domainQuery, response: { 200: uiStyleResponse, 404: errorBody } } },
    (req) => service.activeStyle(req.query.domain ?? ''),
  );
  route(app, informationalEndpoints.seoSettings, { schema: { tags, response: { 200: seoSettingsResponse } } }, () =>
    service.seoSettings(),
  );
  route(
    app,
    informationalEndpoints.banners,
    { schema: { tags, querystring: bannersQuery, response: { 200: bannersResponse } } },
    (req) => service.banners(req.query),
  );
};
