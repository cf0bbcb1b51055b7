// A campaign's own abandon message (decision 0052): what a customer the dialer answered but no agent
// took hears before being released. A WAV in object storage, one per campaign, checked and stored
// exactly as an IVR prompt is; the config sync copies it to the switch (naming.ts abandonSoundFile)
// and the dialer plays it (attempt-dialer.ts). Object storage (possibly remote) is never called
// inside a transaction: the file is written before the row points at it, deleted after it stopped.
import type { Readable } from 'node:stream';
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuditAction } from '../../platform/audit/audit-actions.ts';
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { ObjectStorage } from '../../platform/storage/storage.ts';
import { markSwitchConfigChanged } from '../../platform/switch/config-outbox.ts';
import { readWav, SUPPORTED_WAV } from '../ivr-menus/wav.ts';
import * as repo from './campaigns.repo.ts';
import type { Campaign } from './campaigns.schema.ts';

export const abandonMessageKey = (tenantId: string, campaignId: string) => `tenants/${tenantId}/abandon-messages/${campaignId}.wav`;

export class AbandonMessageService {
  constructor(private readonly services: { db: DatabaseHandles; storage: ObjectStorage }) {}

  /** Checks the WAV header and format before anything is stored; replaces the previous message. */
  async upload(actor: TenantActor, id: string, audio: Buffer): Promise<Campaign> {
    const wav = readWav(audio);
    if ('problem' in wav) throw badRequest(E.INVALID_WAV, `The abandon message must be a WAV file (RIFF/WAVE) of ${SUPPORTED_WAV}`, [{ path: 'file', message: wav.problem }]);
    const { db, storage } = this.services;
    await db.withTenant(actor.tenantId, (tx) => found(tx, id));
    // The key is the campaign's own: a replacement overwrites the previous message in place.
    const key = abandonMessageKey(actor.tenantId, id);
    await storage.put(key, audio);
    try {
      return await db.withTenant(actor.tenantId, async (tx) => {
        const current = await found(tx, id);
        const row = await repo.setAbandonMessage(tx, id, { key, sizeBytes: audio.length });
        await changed(tx, actor, id, 'CAMPAIGN_ABANDON_MESSAGE_UPLOADED', { sizeBytes: audio.length, replaced: current.abandonMessageObjectKey !== null });
        return repo.toCampaign(row);
      });
    } catch (error) {
      // Deleted meanwhile: its delete removed what it knew of; the file just written goes too.
      if (error instanceof AppError && error.statusCode === 404) await storage.delete(key);
      throw error;
    }
  }

  async remove(actor: TenantActor, id: string): Promise<void> {
    const removed = await this.services.db.withTenant(actor.tenantId, async (tx) => {
      const current = await found(tx, id);
      if (!current.abandonMessageObjectKey) throw notFound('abandonMessage');
      await repo.setAbandonMessage(tx, id, null);
      await changed(tx, actor, id, 'CAMPAIGN_ABANDON_MESSAGE_REMOVED', {});
      return current.abandonMessageObjectKey;
    });
    await this.services.storage.delete(removed);
  }

  async get(tenantId: string, id: string): Promise<{ stream: Readable; size: number }> {
    const campaign = await this.services.db.withTenant(tenantId, (tx) => found(tx, id));
    const object = campaign.abandonMessageObjectKey ? await this.services.storage.get(campaign.abandonMessageObjectKey) : null;
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
