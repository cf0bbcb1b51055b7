import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiUpload, parseRetryAfter } from './api-client.ts';
import type * as session from './session.ts';
import { getAccessToken, hasStoredSession, refreshDelaySeconds, refreshSession } from './session.ts';

// The token custody is stubbed: these tests are about what api() does with a 401.
vi.mock('./session.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof session>()),
  getAccessToken: vi.fn(),
  hasStoredSession: vi.fn(),
  refreshSession: vi.fn(),
}));


/** A stored session holding 'old-token' until a refresh succeeds and gives 'new-token'. */
function sessionWhoseRefreshRotatesTheToken(): void {
  let token = 'old-token';
  vi.mocked(getAccessToken).mockImplementation(() => token);
  vi.mocked(hasStoredSession).mockReturnValue(true);
  vi.mocked(refreshSession).mockImplementation(() => {
    token = 'new-token';
    return Promise.resolve(true);
  });
}
describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('42')).toBe(42);
    expect(parseRetryAfter(' 7 ')).toBe(7);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Thu, 01 Jan 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('refreshDelaySeconds', () => {
  it('refreshes shortly before the access token expires', () => {
    expect(refreshDelaySeconds(900)).toBe(870);
  });

  it('never schedules a refresh loop for very short lifetimes', () => {
    expect(refreshDelaySeconds(10)).toBe(5);
  });
});

describe('api', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const expired = () => json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Token expired' });
  const bearerOf = (call: number) =>
    (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>)?.Authorization;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    sessionWhoseRefreshRotatesTheToken();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    vi.mocked(refreshSession).mockReset();
  });

  it('refreshes the session on a 401 and sends the request again with the new token', async () => {
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(json(200, { id: 'x' }));
    await expect(api('/extensions', { method: 'POST', body: { number: '1001' } })).resolves.toEqual({
      id: 'x',
    });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bearerOf(0)).toBe('Bearer old-token');
    expect(bearerOf(1)).toBe('Bearer new-token');
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ method: 'POST', body: '{"number":"1001"}' });
  });

  it('answers the 401 when the session cannot be refreshed', async () => {
    vi.mocked(refreshSession).mockResolvedValue(false);
    fetchMock.mockResolvedValueOnce(expired());
    await expect(api('/extensions')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for wrong credentials at login', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid e-mail or password' }),
    );
    const error = await api('/auth/login', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(refreshSession).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh without a stored session', async () => {
    vi.mocked(hasStoredSession).mockReturnValue(false);
    fetchMock.mockResolvedValueOnce(expired());
    await expect(api('/extensions')).rejects.toMatchObject({ status: 401 });
    expect(refreshSession).not.toHaveBeenCalled();
  });
});

describe('apiUpload', () => {
  /** A stand-in for the browser's XMLHttpRequest: each send answers the next scripted reply, after reporting progress. */
  const replies: Array<{ status: number; body: string }> = [];
  const sent: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown }> = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', path: '', headers: {} as Record<string, string>, body: undefined as unknown };
    open(method: string, path: string) {
      this.request.method = method;
      this.request.path = path;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader() {
      return null;
    }
    send(body: unknown) {
      sent.push({ ...this.request, body });
      const reply = replies.shift();
      queueMicrotask(() => {
        if (!reply) return this.onerror?.();
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = reply.status;
        this.responseText = reply.body;
        this.onload?.();
      });
    }
  }

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    sessionWhoseRefreshRotatesTheToken();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    replies.length = 0;
    sent.length = 0;
    vi.mocked(refreshSession).mockReset();
  });

  it('posts the form with the session, reports the share sent and answers the JSON', async () => {
    replies.push({ status: 200, body: '{"id":"c1","hasAbandonMessage":true}' });
    const form = new FormData();
    const progress: number[] = [];
    await expect(apiUpload('/campaigns/c1/abandon-message', form, (fraction) => progress.push(fraction))).resolves.toEqual({ id: 'c1', hasAbandonMessage: true });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toEqual([{ method: 'POST', path: '/campaigns/c1/abandon-message', headers: expect.objectContaining({ Authorization: 'Bearer old-token' }), body: form }]);
  });

  it('refreshes the session on a 401 and sends the file again with the new token', async () => {
    replies.push({ status: 401, body: '{"statusCode":401,"code":"UNAUTHORIZED","message":"Token expired"}' }, { status: 200, body: '{"id":"c1"}' });
    await expect(apiUpload('/x', new FormData(), () => undefined)).resolves.toEqual({ id: 'c1' });
    expect(sent.map((request) => request.headers.Authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it('turns an error answer into an ApiError with its code, and a lost connection into a rejection', async () => {
    replies.push({ status: 400, body: '{"statusCode":400,"code":"INVALID_WAV","message":"not a WAV"}' });
    const error = await apiUpload('/x', new FormData(), () => undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_WAV' });
    await expect(apiUpload('/x', new FormData(), () => undefined)).rejects.toThrow('Network request failed');
  });
});
