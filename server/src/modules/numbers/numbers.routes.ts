import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { actorOf, tenantOf, type AccessRule } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import { AssignNumbersBody, NumberParams, PhoneNumber } from './numbers.schema.ts';
import type { NumbersService } from './numbers.service.ts';

export const numbersRoutes =
  (numbers: NumbersService): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const platform = { platform: true, permission: 'platform.tenants.manage' } as const;
    // The numbers a route or a campaign may use: whoever sees either may see the list.
    const tenant: AccessRule = { tenant: true, permission: ['freeswitch.view', 'campaigns.view'] };
    const tags = ['telephony'];

    app.get('/numbers', {
      config: { access: tenant },
      schema: { tags, response: { 200: Type.Array(PhoneNumber), ...errorResponses(401, 403) } },
      handler: (request) => numbers.listOwn(tenantOf(request)),
    });
    app.get('/tenants/:id/numbers', {
      config: { access: platform },
      schema: {
        tags: ['platform'],
        params: IdParams,
        response: { 200: Type.Array(PhoneNumber), ...errorResponses(400, 401, 403, 404) },
      },
      handler: (request) => numbers.listOfTenant(request.params.id),
    });
    app.post('/tenants/:id/numbers', {
      config: { access: platform },
      schema: {
        tags: ['platform'],
        params: IdParams,
        body: AssignNumbersBody,
        response: { 201: Type.Array(PhoneNumber), ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await numbers.assign(actorOf(request), request.params.id, request.body)),
    });
    app.delete('/tenants/:id/numbers/:number', {
      config: { access: platform },
      schema: {
        tags: ['platform'],
        params: NumberParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        await numbers.release(actorOf(request), request.params.id, request.params.number);
        return reply.status(204).send(null);
      },
    });
  };
