// LIST_IMPORT_PROGRESS on the tenant's socket while a lead file is imported: one event per committed
// batch to that tenant only, uploads refused while still coming, a file turning binary mid-way.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, useTestApp } from '../../../test/harness.ts';
import { ListImportProgressPayload } from '../../platform/realtime/import-event-schemas.ts';
import type { ListImport } from './leads.schema.ts';
import { expectProgressByBatch } from '../list-imports/test-support.ts';
import { leadImportHelpers } from './lead-import.test-support.ts';

const t = useTestApp();
const { call } = t;
const { tenantWithCampaign, imported, leadsOf, serial } = leadImportHelpers(t);

describe('LIST_IMPORT_PROGRESS', () => {
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  async function listen(session: Session) {
    const socket = connect(url, { auth: { token: session.accessToken }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const events: Record<string, unknown>[] = [];
    socket.on('LIST_IMPORT_PROGRESS', (event: Record<string, unknown>) => events.push(event));
    return events;
  }

  const settled = async (events: Record<string, unknown>[]) => {
    for (let waited = 0; waited < 5000 && !events.some((event) => event.status !== 'RUNNING'); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    return events;
  };

  it('one event per committed batch and a final COMPLETED, to the tenant’s sockets only', async () => {
    const a = await tenantWithCampaign();
    const b = await tenantWithCampaign();
    const mine = await listen(a.session);
    const theirs = await listen(b.session);
    const result = await imported(a.session, a.campaignId, `phone\n${Array.from({ length: 2500 }, (_, index) => serial(index)).join('\n')}\nabc\n`);
    const events = await settled(mine);
    for (const event of events) {
      const { type: _type, tenantId: _tenant, at: _at, ...payload } = event;
      expect(Value.Check(ListImportProgressPayload, payload), JSON.stringify(event)).toBe(true);
    }
    expectProgressByBatch(events, [1000, 1000, 501], { total: 2501, imported: 2500 });
    expect(events.at(-1)).toMatchObject({ type: 'LIST_IMPORT_PROGRESS', tenantId: a.tenant.id, importId: result.importId, kind: 'LEADS', campaignId: a.campaignId, rowsRead: 2501, invalid: 1, errorCode: null });
    expect(events.at(-1)!.bytesRead).toBeGreaterThan(2500 * 12);
    expect(events.at(-1)!.bytesExpected).toBeGreaterThan(events.at(-1)!.bytesRead as number);
    expect(theirs).toEqual([]);
  });

  it('refused while the upload is still coming (404 before the body, a bad header): the answer closes the connection, the server holds no stalled socket', async () => {
    const a = await tenantWithCampaign();
    const big = new Blob([`nome;cidade\n${'Ana;Rio\n'.repeat(1_000_000)}`], { type: 'text/csv' });
    for (const [campaignId, status, code] of [[a.campaignId, 400, 'NO_PHONE_COLUMN'], [randomUUID(), 404, 'NOT_FOUND']] as const) {
      const form = new FormData();
      form.append('file', big, 'big.csv');
      const response = await fetch(`${url}/campaigns/${campaignId}/leads/import`, { method: 'POST', headers: a.session.auth, body: form });
      expect(response.status).toBe(status);
      expect(response.headers.get('connection')).toBe('close');
      expect((await response.json()) as unknown).toMatchObject({ code });
    }
    // (Before the fix the app's close at the end of this file waited forever on the stalled socket.)
  });

  it('a file that turns binary after batches were committed (streamed over a socket): RUNNING events, then FAILED, and none of its leads stays', async () => {
    const a = await tenantWithCampaign();
    const mine = await listen(a.session);
    const boundary = `----lead${randomUUID()}`;
    const request = http.request(`${url}/campaigns/${a.campaignId}/leads/import`, {
      method: 'POST',
      headers: { ...a.session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\n\r\nphone\n`);
    request.write(`${Array.from({ length: 3000 }, (_, index) => serial(index)).join('\n')}\n`);
    // The binary part is sent only once the first batches are committed (their events seen).
    for (let waited = 0; waited < 5000 && !mine.some((event) => (event.imported as number) >= 2000); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mine.some((event) => event.status === 'RUNNING' && (event.imported as number) >= 2000)).toBe(true);
    request.end(Buffer.concat([Buffer.from([0x50, 0x4b, 0x00, 0x00]), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    const { status, body } = await answer;
    expect(status, body).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ code: 'BINARY_FILE' });
    const events = await settled(mine);
    expect(events.at(-1)).toMatchObject({ status: 'FAILED', errorCode: 'BINARY_FILE', total: 0, imported: 0 });
    expect(await leadsOf(a.tenant.id, a.campaignId)).toEqual([]);
    const [row] = (await call('GET', `/campaigns/${a.campaignId}/imports`, a.session)).json<ListImport[]>();
    expect(row).toMatchObject({ status: 'FAILED', errorCode: 'BINARY_FILE', imported: 0 });
    expect((await call('GET', `/campaigns/${a.campaignId}`, a.session)).json<{ status: string }>().status).toBe('DRAFT');
  });
});
