// Reading an uploaded file: a malformed multipart body (no boundary, a truncated part) is the
// client's 400, not a parser error surfacing as a 500.
import { E } from './error-codes.ts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** The multipart field `field`, read whole (the plugin caps its size). */
export async function readUploadedFile(request: FastifyRequest, field: string, what: string): Promise<Buffer> {
  const missing = () => badRequest(E.FILE_REQUIRED, `Send the ${what} as multipart/form-data in the field "${field}"`, [{ path: field, message: 'is required' }]);
  if (!request.isMultipart()) throw missing();
  try {
    const part = await request.file();
    if (!part) throw missing();
    if (part.fieldname !== field) {
      part.file.resume();
      throw missing();
    }
    return await part.toBuffer();
  } catch (error) {
    // Ours, or the plugin's own client errors (413 too large, 406 not multipart) keep their answer.
    if (error instanceof AppError || isClientError(error)) throw error;
    throw badRequest(E.INVALID_MULTIPART, 'The multipart/form-data body is malformed', [{ path: field, message: 'could not be read' }]);
  }
}

/** The text fields sent before the file (a stream is read in order: fields after it are never seen). */
function textFields(parts: Record<string, unknown>): Record<string, string[]> {
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of Object.entries(parts)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      const field = one as { type?: unknown; value?: unknown };
      if (field.type === 'field') (fields[name] ??= []).push(String(field.value));
    }
  }
  return fields;
}

/**
 * The multipart field `field` as a stream, for files too large to hold (CSV imports): the caller
 * reads it chunk by chunk and counts its own bytes; `maxBytes` only sets the plugin's hard cap past
 * the caller's limit. Errors while reading (a truncated body) surface from the stream.
 */
export async function openUploadedStream(
  request: FastifyRequest,
  field: string,
  what: string,
  maxBytes: number,
): Promise<{ fileName: string | null; stream: AsyncIterable<Buffer>; bytesExpected: number | null; fields: Record<string, string[]> }> {
  const missing = () => badRequest(E.FILE_REQUIRED, `Send the ${what} as multipart/form-data in the field "${field}"`, [{ path: field, message: 'is required' }]);
  if (!request.isMultipart()) throw missing();
  try {
    const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } });
    if (!part) throw missing();
    if (part.fieldname !== field) {
      part.file.resume();
      throw missing();
    }
    const length = Number(request.headers['content-length']);
    return { fileName: part.filename || null, stream: part.file, bytesExpected: Number.isSafeInteger(length) && length >= 0 ? length : null, fields: textFields(part.fields) };
  } catch (error) {
    if (error instanceof AppError || isClientError(error)) throw error;
    throw badRequest(E.INVALID_MULTIPART, 'The multipart/form-data body is malformed', [{ path: field, message: 'could not be read' }]);
  }
}
