import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@contracts/common';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { contentPage, contentPageEdit, contentPageParams, contentPageQuery } from '@contracts/content-pages';
import { route } from '../../lib/route';
import { operatorName } from '../../plugins/operator-guard';
import type { InformationalService } from './informational.service';

// Content pages (terms, privacy, responsible gambling, licence text): the app reads them under /main-api,
// the operator edits them under /ops-api (each edit recorded with the operator's name in the audit trail).
export const contentPagesRoutes: FastifyPluginAsyncZod<{ service: InformationalService }> = async (
  app,
  { service },
) => {
  route(
    app,
    informationalEndpoints.contentPage,
    {
      schema: {
        tags: ['informational'],
        params: contentPageParams,
        querystring: contentPageQuery,
        response: { 200: contentPage, 404: errorBody },
      },
    },
    (req) => service.contentPage(req.params.slug, req.query.locale, req.query.domain),
  );
};

export const contentPagesOperatorRoutes: FastifyPluginAsyncZod<{ service: InformationalService }> = async (
  app,
  { service },
) => {
  const tags = ['operator'];
  app.get(
    '/content-pages',
    {
      config: { permission: 'content.manage' },
      schema: {
        tags,
        response: {
          200: z.array(contentPage.omit({ body: true }).extend({ updated_by: z.string() })),
          401: errorBody,
        },
      },
    },
    () => service.listContentPages(),
  );
  app.put(
    '/content-pages/:slug',
    {
      config: { permission: 'content.manage' },
      schema: {
        tags,
        params: contentPageParams,
        body: contentPageEdit,
        response: { 200: contentPage, 401: errorBody, 404: errorBody },
      },
    },
    (req) => service.saveContentPage(req.params.slug, req.body, operatorName(req)),
  );
};
