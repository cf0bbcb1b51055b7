import { getAccessToken, hasStoredSession, refreshSession } from './session.ts';

/** The server's error envelope. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  code: string;
  message: string;
  requestId?: string;
  details?: unknown;
  /** The values the message names (an extension number, a limit…), to word it in the user's language. */
  params?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: unknown;
  readonly params: unknown;
  /** Seconds to wait, from Retry-After, on 429 answers. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: Partial<ApiErrorBody>, retryAfterSeconds: number | null) {
    super(body.message ?? body.error ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? 'UNKNOWN';
    this.requestId = body.requestId;
    this.details = body.details;
    this.params = body.params;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

// Endpoints whose 401 means "wrong credentials", not "access token expired".
const NO_REFRESH_PATHS = new Set(['/auth/login', '/auth/refresh']);

let requestLanguage = 'en';
const passwordChangeListeners = new Set<() => void>();

export function setRequestLanguage(language: string): void {
  requestLanguage = language;
}

export function onPasswordChangeRequired(listener: () => void): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendWithRefresh(path, requestInit(options));
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A binary resource (a prompt to play back), fetched with the session like any other call. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await sendWithRefresh(path, requestInit(options));
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/**
 * A multipart upload that reports its progress (fetch cannot: its request body has no progress
 * events), with the same session handling as api(): one refresh and resend after a 401.
 * `onProgress` gets the share sent, 0..1.
 */
export async function apiUpload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  const send = () => sendXhr(path, form, onProgress);
  let answer = await send();
  if (answer.status === 401 && hasStoredSession() && (await refreshSession())) answer = await send();
  if (answer.status < 200 || answer.status >= 300) {
    throw errorOf(answer.status, parseBody(answer.text) ?? { message: `HTTP ${answer.status}` }, answer.retryAfter);
  }
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}

interface XhrAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
}

function sendXhr(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', requestLanguage);
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('Retry-After') });
    // As fetch rejects: the request never got an answer.
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.send(form);
  });
}

function parseBody(text: string): Partial<ApiErrorBody> | null {
  try {
    return JSON.parse(text) as Partial<ApiErrorBody>;
  } catch {
    return null;
  }
}

/** What `fetch` gets, less the bearer token (sendWithRefresh adds the current one on each try). */
export type SendInit = Omit<RequestInit, 'headers'> & { headers: Record<string, string> };

/**
 * Sends a request with the session's access token. A 401 means the token expired: the session is
 * refreshed once and the request sent again with the new token. The login and refresh endpoints
 * answer 401 for wrong credentials, so they are never retried. Returns the last answer.
 */
export async function sendWithRefresh(path: string, init: SendInit): Promise<Response> {
  const send = () => {
    const token = getAccessToken();
    const headers = token ? { ...init.headers, Authorization: `Bearer ${token}` } : init.headers;
    return fetch(path, { ...init, headers });
  };
  const response = await send();
  if (response.status !== 401 || NO_REFRESH_PATHS.has(path) || !hasStoredSession()) return response;
  return (await refreshSession()) ? send() : response;
}

function requestInit({ method = 'GET', body, signal }: RequestOptions): SendInit {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': requestLanguage };
  // Uploads go as multipart: the browser writes that content type with its boundary.
  if (body instanceof FormData) return { method, headers, body, signal };
  // The server rejects a JSON content type on an empty body, so only declare it when there is one.
  const hasBody = body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return { method, headers, body: hasBody ? JSON.stringify(body) : undefined, signal };
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody>;
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    body = { message: response.statusText };
  }
  return errorOf(response.status, body, response.headers.get('Retry-After'));
}

function errorOf(status: number, body: Partial<ApiErrorBody>, retryAfter: string | null): ApiError {
  const error = new ApiError(status, body, parseRetryAfter(retryAfter));
  if (error.code === 'PASSWORD_CHANGE_REQUIRED') for (const listener of passwordChangeListeners) listener();
  return error;
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
