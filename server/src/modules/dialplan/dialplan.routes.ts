import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf, tenantActorOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { ModuleServices } from '../module-services.ts';
import {
  DialplanRule,
  DialplanVersion,
  DialplanVersionWithXml,
  RuleCreateBody,
  RuleListQuery,
  RulePatchBody,
  VersionCreateBody,
  VersionListQuery,
} from './dialplan.schema.ts';
import { DialplanService } from './dialplan.service.ts';


export const dialplanRoutes =
  (services: ModuleServices): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const dialplan = new DialplanService(services);
    const read = { tenant: true, permission: 'freeswitch.view' } as const;
    const write = { tenant: true, permission: 'freeswitch.configure' } as const;
    const tags = ['dialplan'];

    app.get('/dialplan/rules', {
      config: { access: read },
      schema: { tags, querystring: RuleListQuery, response: { 200: Type.Array(DialplanRule), ...errorResponses(400, 401, 403) } },
      handler: (request) => dialplan.listRules(tenantOf(request), request.query.context),
    });
    app.post('/dialplan/rules', {
      config: { access: write },
      schema: { tags, body: RuleCreateBody, response: { 201: DialplanRule, ...errorResponses(400, 401, 403) } },
      handler: async (request, reply) => reply.status(201).send(await dialplan.createRule(tenantActorOf(request), request.body)),
    });
    app.get('/dialplan/rules/:id', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: DialplanRule, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => dialplan.getRule(tenantOf(request), request.params.id),
    });
    app.patch('/dialplan/rules/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, body: RulePatchBody, response: { 200: DialplanRule, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => dialplan.updateRule(tenantActorOf(request), request.params.id, request.body),
    });
    app.delete('/dialplan/rules/:id', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
      handler: async (request, reply) => {
        await dialplan.removeRule(tenantActorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.get('/dialplan/versions', {
      config: { access: read },
      schema: { tags, querystring: VersionListQuery, response: { 200: Type.Array(DialplanVersion), ...errorResponses(400, 401, 403) } },
      handler: (request) => dialplan.listVersions(tenantOf(request), request.query.context),
    });
    app.get('/dialplan/versions/:id', {
      config: { access: read },
      schema: { tags, params: IdParams, response: { 200: DialplanVersionWithXml, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => dialplan.getVersion(tenantOf(request), request.params.id),
    });
    app.post('/dialplan/versions', {
      config: { access: write },
      schema: { tags, body: VersionCreateBody, response: { 201: DialplanVersionWithXml, ...errorResponses(400, 401, 403) } },
      handler: async (request, reply) => reply.status(201).send(await dialplan.generateVersion(tenantActorOf(request), request.body.context)),
    });
    app.post('/dialplan/versions/:id/activate', {
      config: { access: write },
      schema: { tags, params: IdParams, response: { 200: DialplanVersion, ...errorResponses(400, 401, 403, 404) } },
      handler: (request) => dialplan.activateVersion(tenantActorOf(request), request.params.id),
    });
  };
