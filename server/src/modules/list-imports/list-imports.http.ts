// The HTTP side every list import shares: receiving the multipart upload as a stream, and sending
// an import's refused rows as a CSV attachment.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { openUploadedStream } from '../../platform/http/multipart.ts';
import type { Upload } from './import-run.ts';
import type { ImportResult } from './list-imports.schema.ts';

export const RejectedCsv = Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: 'text/csv: the refused rows as written (header, cells) and a reason column, in the reader’s language' });

/**
 * 201 with the import's counters. The content type is a header, checked first; `importer` checks
 * what it must (the campaign) before it opens the body (field `file`).
 */
export async function receiveList(
  request: FastifyRequest,
  reply: FastifyReply,
  maxBytes: number,
  importer: (open: () => Promise<Upload>) => Promise<ImportResult>,
): Promise<ImportResult> {
  if (!request.isMultipart()) {
    throw badRequest(E.FILE_REQUIRED, 'Send the list as multipart/form-data in the field "file"', [{ path: 'file', message: 'is required' }]);
  }
  try {
    const result = await importer(() => openUploadedStream(request, 'file', 'list', maxBytes));
    void reply.status(201);
    return result;
  } catch (error) {
    // Refused before the end of the upload: the rest is never read, so the connection closes
    // after the answer (a kept-alive socket would stall on the unread body).
    if (!request.raw.complete) void reply.header('connection', 'close');
    throw error;
  }
}

export const sendRejectedCsv = (reply: FastifyReply, { stream, fileName, charset }: { stream: Readable; fileName: string; charset: string }) =>
  reply.type(`text/csv; charset=${charset}`).header('content-disposition', `attachment; filename="${fileName}"`).header('x-content-type-options', 'nosniff').send(stream);
