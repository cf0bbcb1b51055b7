// Recording metadata: the list (the calls filters, through each recording's call) and one by id.
// DELETED recordings stay listed with their metadata (decision 0032); their audio is refused.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { tenantOf } from '../../platform/auth/guard.ts';
import type { DatabaseHandles } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import { errorResponses, IdParams, StrictObject } from '../../platform/http/schemas.ts';
import { callFilters, pageParams } from '../calls/calls.schema.ts';
import { matchesNothing, resolveCallFilters } from '../calls/calls.filters.ts';
import { cappedTotal, countLimit } from '../calls/calls.repo.ts';
import { Recording } from './recording.schema.ts';
import { countRecordings, findRecording, listRecordings } from './recordings.repo.ts';

export const RecordingsQuery = StrictObject({ ...callFilters, ...pageParams });

export const RecordingList = Type.Object({
  items: Type.Array(Recording),
  /** As GET /calls: exact when `totalExact`, else a lower bound. */
  total: Type.Integer(),
  totalExact: Type.Boolean(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const recordingsRoutes =
  (db: DatabaseHandles): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const access = { tenant: true, permission: 'recordings.view' } as const;
    const tags = ['recordings'];

    app.get('/recordings', {
      config: { access },
      schema: { tags, querystring: RecordingsQuery, response: { 200: RecordingList, ...errorResponses(400, 401, 403) } },
      handler: (request) => {
        const { page, pageSize, ...filterQuery } = request.query;
        return db.withTenant(tenantOf(request), async (tx): Promise<Static<typeof RecordingList>> => {
          const filters = await resolveCallFilters(tx, filterQuery);
          if (matchesNothing(filters)) return { items: [], total: 0, totalExact: true, page, pageSize };
          const limit = countLimit({ page, pageSize });
          const items = await listRecordings(tx, filters, { page, pageSize });
          return { items, ...cappedTotal(await countRecordings(tx, filters, limit), limit), page, pageSize };
        });
      },
    });
    app.get('/recordings/:id', {
      config: { access },
      schema: { tags, params: IdParams, response: { 200: Recording, ...errorResponses(400, 401, 403, 404) } },
      handler: async (request) => {
        const recording = await db.withTenant(tenantOf(request), (tx) => findRecording(tx, request.params.id));
        if (!recording) throw notFound('recording');
        return recording;
      },
    });
  };
