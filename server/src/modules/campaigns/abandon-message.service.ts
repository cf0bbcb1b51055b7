// A campaign's own abandon message (decision 0052): what a customer the dialer answered but no agent
// took hears before being released. A WAV in object storage, one per campaign, checked and stored
// exactly as an IVR prompt is; the config sync copies it to the switch (naming.ts abandonSoundFile)
// and the dialer plays it (attempt-dialer.ts). Each upload is stored under a key of its own before
// the locked row points at it; the file it replaced is deleted after the commit (decision 0055).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuditAction } from '../../platform/audit/audit-actions.ts';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { currentObject, deleteAfterCommit, storeAndPoint, type StoredObjectDeps } from '../../platform/storage/replace.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import { readWav, SUPPORTED_WAV } from '../ivr-menus/wav.ts';
import * as repo from './campaigns.repo.ts';
import type { Campaign } from './campaigns.schema.ts';

/** One upload's own key: two uploads for one campaign never write the same object. */
export const abandonMessageKey = (tenantId: string, campaignId: string, uploadId: string) => `tenants/${tenantId}/abandon-messages/${campaignId}-${uploadId}.wav`;

export class AbandonMessageService {
  constructor(private readonly services: StoredObjectDeps & { db: DatabaseHandles }) {}

  /** Checks the WAV header and format before anything is stored; replaces the previous message. */
  async upload(actor: TenantActor, id: string, audio: Buffer): Promise<Campaign> {
    const wav = readWav(audio);
    if ('problem' in wav) throw badRequest(E.INVALID_WAV, `The abandon message must be a WAV file (RIFF/WAVE) of ${SUPPORTED_WAV}`, [{ path: 'file', message: wav.problem }]);
    const { db } = this.services;
    await db.withTenant(actor.tenantId, (tx) => found(tx, id));
    return storeAndPoint(this.services, abandonMessageKey(actor.tenantId, id, randomUUID()), audio, (key) =>
      db.withTenant(actor.tenantId, async (tx) => {
        // Locked: of parallel uploads, the last to commit is the one the row describes.
        const current = await found(tx, id);
        const row = await repo.setAbandonMessage(tx, id, { key, sizeBytes: audio.length });
        await changed(tx, actor, id, 'CAMPAIGN_ABANDON_MESSAGE_UPLOADED', { sizeBytes: audio.length, replaced: current.abandonMessageObjectKey !== null });
        return { result: repo.toCampaign(row), previous: current.abandonMessageObjectKey };
      }),
    );
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    const removed = await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const current = await found(tx, id);
      if (!current.abandonMessageObjectKey) throw notFound('abandonMessage');
      await repo.setAbandonMessage(tx, id, null);
      await changed(tx, actor, id, 'CAMPAIGN_ABANDON_MESSAGE_REMOVED', {});
      return current.abandonMessageObjectKey;
    });
    await deleteAfterCommit(this.services, removed);
  }

  async get(tenantId: string, id: string): Promise<{ stream: Readable; size: number }> {
    const { db, storage } = this.services;
    const keyNow = async () => {
      const campaign = await db.withTenant(tenantId, (tx) => repo.findCampaign(tx, id));
      if (!campaign) throw notFound('campaign');
      return campaign.abandonMessageObjectKey;
    };
    const object = await currentObject(storage, keyNow);
    if (!object) throw notFound('abandonMessage');
    return object;
  }
}

/** The row locked: an upload, a removal and a campaign delete on one campaign wait for each other. */
async function found(tx: Tx, id: string) {
  const campaign = await repo.lockCampaign(tx, id);
  if (!campaign) throw notFound('campaign');
  return campaign;
}

/** The switch's copy follows with the tenant's sounds (the config sync's dialplan pass); audited. */
async function changed(tx: Tx, actor: TenantActor, id: string, action: AuditAction, details: Record<string, unknown>): Promise<void> {
  await markSwitchConfigChanged(tx, actor.tenantId, 'dialplan');
  await recordAudit(tx, actor, { action, targetType: 'campaign', targetId: id, details });
}
