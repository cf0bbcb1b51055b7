// GET /agents/me/call: the call on the caller's own agent's desk — the one in progress (offered,
// ringing or talking) or the last one waiting for its disposition. Like /agents/me, a token bound to
// a tenant is enough; the agent is the token user's, never one named by the client.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { requireAuth, tenantOf } from '../../platform/auth/guard.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { errorResponses, Nullable, Timestamp } from '../../platform/http/schemas.ts';
import { customerNumber } from '@callcenter/rules/customer-number';
import { findCurrentCallOfUser } from './agent-desk.repo.ts';

const DeskCall = Type.Object({
  id: Type.String(),
  direction: Type.String(),
  /** The customer: the caller of an inbound call, the number called of an outbound one. */
  number: Nullable(Type.String()),
  queueId: Nullable(Type.String()),
  queueName: Nullable(Type.String()),
  createdAt: Timestamp,
  answerAt: Nullable(Timestamp),
  bridgedAt: Nullable(Timestamp),
  endedAt: Nullable(Timestamp),
  dispositionId: Nullable(Type.String()),
  disposition: Nullable(Type.String()),
  /** The dialer's lead of this call (screen pop): its name, its imported columns, its campaign's calling windows. */
  lead: Nullable(
    Type.Object({
      id: Type.String(),
      name: Nullable(Type.String()),
      phone: Type.String(),
      data: Type.Record(Type.String(), Type.String()),
      campaignId: Type.String(),
      campaignName: Type.String(),
      timezone: Type.String(),
      schedule: Type.Record(
        Type.String(),
        Type.Array(Type.Object({ start: Type.String(), end: Type.String() })),
      ),
    }),
  ),
});

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const agentDeskRoutes =
  (db: DatabaseHandles): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/agents/me/call', {
      config: { access: { tenant: true } },
      schema: {
        tags: ['agent presence'],
        response: {
          200: Type.Object({ call: Type.Union([DeskCall, Type.Null()]) }),
          ...errorResponses(401, 403),
        },
      },
      handler: async (request) => {
        const row = await db.withTenant(tenantOf(request), (tx) =>
          findCurrentCallOfUser(tx, requireAuth(request).userId),
        );
        if (!row) return { call: null };
        const {
          callerNumber,
          calledNumber,
          leadId,
          leadName,
          leadPhone,
          leadData,
          campaignId,
          campaignName,
          campaignTimezone,
          campaignSchedule,
          ...call
        } = row;
        const lead =
          leadId && leadPhone && campaignId && campaignName && campaignTimezone
            ? {
                id: leadId,
                name: leadName,
                phone: leadPhone,
                data: leadData ?? {},
                campaignId,
                campaignName,
                timezone: campaignTimezone,
                schedule: campaignSchedule ?? {},
              }
            : null;
        return {
          call: {
            ...call,
            // A dialer call's customer is its lead (its From is the campaign's caller id).
            number: leadPhone ?? customerNumber({ direction: call.direction, callerNumber, calledNumber }),
            queueName: call.queueName ?? null,
            createdAt: call.createdAt.toISOString(),
            answerAt: iso(call.answerAt),
            bridgedAt: iso(call.bridgedAt),
            endedAt: iso(call.endedAt),
            lead,
          },
        };
      },
    });
  };
