import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bigIdParams, errorBody } from '@contracts/common';
import {
  markViewedBody,
  notificationIdParams,
  notificationItem,
  notificationLangQuery,
  notificationList,
  notificationListQuery,
  notificationPreferences,
  updatePreferencesBody,
} from '@contracts/notifications';
import * as notificationsEndpoints from '@contracts/notifications.endpoints';
import * as ops from '@contracts/ops/notifications';
import { route } from '../../lib/route';
import type { AuthGuard } from '../../plugins/auth-guard';
import { operatorName } from '../../plugins/operator-guard';
import type { NotificationsService } from './notifications.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

/** The player's notifications and where they are told things (spec §7 notifications/user-notifications). */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  auth: AuthGuard;
}> = async (app, { notifications, auth }) => {
  const tags = ['notifications'];
  const me = { preHandler: auth.requirePlayer };
  route(
    app,
    notificationsEndpoints.list,
    { ...me, schema: { tags, querystring: notificationListQuery, response: { 200: notificationList, ...errors } } },
    (req) => notifications.list(req.playerId, req.query),
  );
  route(
    app,
    notificationsEndpoints.markViewed,
    {
      ...me,
      schema: {
        tags,
        params: notificationIdParams,
        querystring: notificationLangQuery,
        body: markViewedBody,
        response: { 200: notificationItem, ...errors },
      },
    },
    (req) => notifications.markViewed(req.playerId, req.params.id, req.query.lang),
  );
  route(
    app,
    notificationsEndpoints.remove,
    {
      ...me,
      schema: { tags, params: notificationIdParams, response: { 200: z.object({ deleted: z.boolean() }), ...errors } },
    },
    (req) => notifications.remove(req.playerId, req.params.id),
  );
  route(
    app,
    notificationsEndpoints.preferences,
    { ...me, schema: { tags, response: { 200: notificationPreferences, ...errors } } },
    (req) => notifications.preferences(req.playerId),
  );
  route(
    app,
    notificationsEndpoints.updatePreferences,
    { ...me, schema: { tags, body: updatePreferencesBody, response: { 200: notificationPreferences, ...errors } } },
    (req) => notifications.updatePreferences(req.playerId, req.body),
  );
};

/** Operators: a message to a player or a segment, a player's notifications and their delivery, the queue, retention. */
export const notificationsOperatorRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  const tags = ['operator'];
  route(
    app,
    ops.sendMessage,
    { schema: { tags, body: ops.operatorMessageBody, response: { 200: ops.messageSent, ...errors, 409: errorBody } } },
    (req) => notifications.operatorMessage(operatorName(req), req.body),
  );
  route(
    app,
    ops.playerNotificationsOf,
    { schema: { tags, params: bigIdParams('a player id'), response: { 200: ops.playerNotifications, ...errors } } },
    async (req) =>
      (await notifications.playerNotifications(req.params.id)).map((r) => ({
        ...r,
        id: Number(r.id),
        created_at: r.created_at.toISOString(),
        sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      })),
  );
  route(app, ops.queue, { schema: { tags, response: { 200: ops.queueHealth, ...errors } } }, async () => {
    const h = await notifications.queueHealth();
    return { ...h, oldest_waiting: h.oldest_waiting ? new Date(h.oldest_waiting).toISOString() : null };
  });
  route(app, ops.getRetention, { schema: { tags, response: { 200: ops.retention, ...errors } } }, async () => ({
    retention_days: await notifications.retentionDays(),
  }));
  route(
    app,
    ops.setRetention,
    { schema: { tags, body: ops.retentionBody, response: { 200: ops.retention, ...errors } } },
    (req) => notifications.setRetentionDays(operatorName(req), req.body.retention_days),
  );
};
