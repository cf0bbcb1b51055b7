import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantActorOf, tenantOf } from '../../platform/auth/guard.ts';
import { readUploadedFile } from '../../platform/http/multipart.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import type { AbandonMessageService } from './abandon-message.service.ts';
import type { CampaignsService } from './campaigns.service.ts';
import { Campaign, CampaignCreateBody, CampaignOperationParams, CampaignParams, CampaignPatchBody, CampaignStats, StatsHistory, StatsHistoryQuery } from './campaigns.schema.ts';

export const campaignsRoutes =
  (campaigns: CampaignsService, abandonMessages: AbandonMessageService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const read = { tenant: true, permission: 'campaigns.view' } as const;
    const write = { tenant: true, permission: 'campaigns.manage' } as const;
    const tags = ['campaigns'];

    app.get('/campaigns', {
      config: { access: read },
      schema: { tags, response: { 200: Type.Array(Campaign), ...errorResponses(401, 403) } },
      handler: (request) => campaigns.list(tenantOf(request)),
    });
    app.get('/campaigns/:id', {
      config: { access: read },
      schema: { tags, params: CampaignParams, response: { 200: Campaign, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => campaigns.get(tenantOf(request), request.params.id),
    });
    app.get('/campaigns/:id/stats', {
      config: { access: read },
      schema: { tags, params: CampaignParams, response: { 200: CampaignStats, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => campaigns.stats(tenantOf(request), request.params.id),
    });
    app.get('/campaigns/:id/stats/history', {
      config: { access: read },
      schema: { tags, params: CampaignParams, querystring: StatsHistoryQuery, response: { 200: StatsHistory, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => campaigns.history(tenantOf(request), request.params.id, request.query.minutes ?? 60),
    });
    app.post('/campaigns', {
      config: { access: write },
      schema: { tags, body: CampaignCreateBody, response: { 201: Campaign, ...errorResponses(400, 401, 403, 409) } },
      handler: async (request, reply) => reply.status(201).send(await campaigns.create(tenantActorOf(request), request.body)),
    });
    app.patch('/campaigns/:id', {
      config: { access: write },
      schema: { tags, params: CampaignParams, body: CampaignPatchBody, response: { 200: Campaign, ...errorResponses(400, 401, 403, 404, 409) } },
      handler: (request) => campaigns.update(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/campaigns/:id', {
      config: { access: write },
      schema: { tags, params: CampaignParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await campaigns.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
    // The campaign's own abandon message (decision 0052), as an IVR menu's prompt: WAV only, one per campaign.
    app.post('/campaigns/:id/abandon-message', {
      config: { access: write },
      schema: { tags, params: CampaignParams, consumes: ['multipart/form-data'], response: { 200: Campaign, ...errorResponses(400, 401, 403, 404, 413) } },
      handler: async (request) => abandonMessages.upload(tenantActorOf(request), request.params.id, await readUploadedFile(request, 'file', 'abandon message')),
    });
    app.get('/campaigns/:id/abandon-message', {
      config: { access: read },
      schema: { tags, params: CampaignParams, response: { 200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'audio/wav' }), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        const { stream, size } = await abandonMessages.get(tenantOf(request), request.params.id);
        // A tenant's upload: browsers must take it as audio, never sniff it into a page.
        return reply.type('audio/wav').header('content-length', size).header('x-content-type-options', 'nosniff').send(stream);
      },
    });
    app.delete('/campaigns/:id/abandon-message', {
      config: { access: write },
      schema: { tags, params: CampaignParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await abandonMessages.remove(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
    // The contract's operations: POST /campaigns/:id/start, /pause, /drain, /stop.
    app.post('/campaigns/:id/:operation', {
      config: { access: write },
      schema: { tags, params: CampaignOperationParams, response: { 200: Campaign, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => campaigns.operate(tenantActorOf(request), request.params.id, request.params.operation),
    });
  };
