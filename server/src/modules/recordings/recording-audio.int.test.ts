// GET /recordings/:id/audio through the real app, database and (local) storage: the whole file,
// ranges for seeking, refusals by status, tenant isolation and the permission.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wavBuffer } from '../../../../switch-sim/src/media/wav.ts';
import { createMember, createTenant, expectError, useTestApp, type Session, type TenantFixture } from '../../../test/harness.ts';
import { LocalObjectStorage } from '../../platform/storage/storage.ts';
import type { RecordingStatus } from '../../platform/db/schema.ts';

const storage = new LocalObjectStorage(mkdtempSync(path.join(tmpdir(), 'recording-audio-')));
const t = useTestApp({ storage });
let owner: TenantFixture;
let other: TenantFixture;
const audio = wavBuffer(1);

beforeAll(async () => {
  owner = await createTenant(t.app, t.platform);
  other = await createTenant(t.app, t.platform);
});

/** A recording row (and its call), with its audio stored when AVAILABLE. */
async function recording(tenantId: string, status: RecordingStatus = 'AVAILABLE', store = true): Promise<string> {
  const callId = randomUUID();
  const key = `tenants/${tenantId}/recordings/2026/11/26/${callId}.wav`;
  if (store) await storage.put(key, audio);
  return t.db.withTenant(tenantId, async (tx) => {
    await tx.insertInto('calls').values({ id: callId, tenantId, direction: 'INBOUND', createdAt: new Date() }).execute();
    const row = await tx
      .insertInto('recordings')
      .values({ tenantId, callId, status, storageKey: status === 'RECORDING' ? null : key, sizeBytes: audio.length, durationSeconds: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const get = (id: string, session: Session, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/recordings/${id}/audio`, headers: { ...session.auth, ...headers } });

describe('GET /recordings/:id/audio', () => {
  it('streams the whole WAV with its length, type and Accept-Ranges', async () => {
    const id = await recording(owner.tenant.id);
    const response = await get(id, owner.admin.session);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(audio.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(audio)).toBe(true);
  });

  it('answers a Range with 206 and exactly those bytes (seeking), a suffix range too', async () => {
    const id = await recording(owner.tenant.id);
    const middle = await get(id, owner.admin.session, { range: 'bytes=1000-1999' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${audio.length}`);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(audio.subarray(1000, 2000))).toBe(true);
    const tail = await get(id, owner.admin.session, { range: 'bytes=-44' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(audio.subarray(audio.length - 44))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const id = await recording(owner.tenant.id);
    const response = await get(id, owner.admin.session, { range: `bytes=${audio.length}-` });
    expectError(response, 416, 'RANGE_NOT_SATISFIABLE');
    expect(response.headers['content-range']).toBe(`bytes */${audio.length}`);
  });

  it("never serves another tenant's recording: 404 as if it did not exist", async () => {
    const id = await recording(other.tenant.id);
    expectError(await get(id, owner.admin.session), 404, 'NOT_FOUND');
    expectError(await get(randomUUID(), owner.admin.session), 404, 'NOT_FOUND');
  });

  it('requires recordings.view: an agent is refused, a supervisor may listen', async () => {
    const id = await recording(owner.tenant.id);
    const agent = await createMember(t.app, owner.admin.session, 'agent');
    expectError(await get(id, agent.session), 403, 'FORBIDDEN');
    const supervisor = await createMember(t.app, owner.admin.session, 'supervisor');
    expect((await get(id, supervisor.session)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/recordings/${id}/audio` })).statusCode).toBe(401);
  });

  it('refuses a deleted (410), failed or still recording (404) recording with its own code', async () => {
    expectError(await get(await recording(owner.tenant.id, 'DELETED', false), owner.admin.session), 410, 'RECORDING_DELETED');
    const failed = await get(await recording(owner.tenant.id, 'FAILED', false), owner.admin.session);
    expectError(failed, 404, 'RECORDING_NOT_AVAILABLE');
    expect(failed.json().params).toEqual({ status: 'FAILED' });
    expectError(await get(await recording(owner.tenant.id, 'RECORDING', false), owner.admin.session), 404, 'RECORDING_NOT_AVAILABLE');
    // AVAILABLE but its object gone from storage: refused too, never a 500.
    expectError(await get(await recording(owner.tenant.id, 'AVAILABLE', false), owner.admin.session), 404, 'RECORDING_NOT_AVAILABLE');
  });

  it('refuses an id that is not a UUID as a bad request', async () => {
    expectError(await get('not-a-uuid', owner.admin.session), 400, 'VALIDATION_FAILED');
  });
});
