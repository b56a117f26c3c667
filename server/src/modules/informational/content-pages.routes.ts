import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@contracts/common';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { contentPage, contentPageEdit, contentPageParams, contentPageQuery } from '@contracts/content-pages';
import * as ops from '@contracts/ops/content-pages';
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

/** The operator's calls, declared in contracts/ops/content-pages.ts. */
export const contentPagesOperatorRoutes: FastifyPluginAsyncZod<{ service: InformationalService }> = async (
  app,
  { service },
) => {
  const tags = ['operator'];
  route(app, ops.listContentPages, { schema: { tags, response: { 200: ops.contentPageSummaries } } }, () =>
    service.listContentPages(),
  );
  route(
    app,
    ops.saveContentPage,
    {
      schema: {
        tags,
        params: contentPageParams,
        body: contentPageEdit,
        response: { 200: contentPage, 404: errorBody },
      },
    },
    (req) => service.saveContentPage(req.params.slug, req.body, operatorName(req)),
  );
};
