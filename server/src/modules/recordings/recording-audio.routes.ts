// GET /recordings/:id/audio: the recording's WAV streamed through the platform (never a storage
// URL), with HTTP Range so a player can seek.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { tenantOf } from '../../platform/auth/guard.ts';
import { IdParams, errorResponses } from '../../platform/http/schemas.ts';
import type { ModuleServices } from '../module-services.ts';
import { openRecordingAudio } from './recording-audio.service.ts';

const Audio = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'audio/wav' });

export const recordingAudioRoutes =
  (services: ModuleServices): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    app.get('/recordings/:id/audio', {
      config: { access: { tenant: true, permission: 'recordings.view' } },
      schema: { tags: ['recordings'], params: IdParams, response: { 200: Audio, 206: Audio, ...errorResponses(400, 401, 403, 404, 410, 416, 503) } },
      handler: async (request, reply) => {
        const audio = await openRecordingAudio(services, tenantOf(request), request.params.id, request.headers.range);
        // Audio only: never sniffed into a page, never kept by a shared cache.
        void reply.type('audio/wav').header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
        if (!audio.range) return reply.header('content-length', audio.size).send(audio.stream);
        return reply
          .status(206)
          .header('content-range', `bytes ${audio.range.start}-${audio.range.end}/${audio.size}`)
          .header('content-length', audio.range.end - audio.range.start + 1)
          .send(audio.stream);
      },
    });
  };
