// A CSV of leads into a campaign (decision 0042): the lead kind of a list import (the run itself,
// streamed in batches with progress events, is list-imports/import-run.ts). Leads already of the
// campaign are duplicates; a number on the suppression list comes in as DO_NOT_CALL; completing
// audits LEADS_IMPORTED and makes a campaign waiting for leads (DRAFT, COMPLETED) READY.
import type { TenantActor } from '../../platform/auth/guard.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { CsvFile } from '../../platform/csv-import/csv-reader.ts';
import type { Tx } from '../../platform/db/database.ts';
import { E } from '../../platform/http/error-codes.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { CampaignStatusChangedPayload } from '../../platform/realtime/campaign-event-schemas.ts';
import { systemCampaignStatus } from '../campaigns/campaign-state.ts';
import { findCampaign, lockCampaign, setStatus } from '../campaigns/campaigns.repo.ts';
import { assertLeadQuota, lockLeadQuota } from '../../platform/quotas/quotas.ts';
import { runImport, type AfterCommit, type ImportDeps, type ImportKind, type RowReading, type Upload } from '../list-imports/import-run.ts';
import type { ImportCounters, ImportResult } from '../list-imports/list-imports.schema.ts';
import { leadMappingOf } from './lead-mapping.ts';
import { LEAD_IMPORT_LIMITS, leadColumns, leadOfRow, type LeadCandidate, type LeadImportLimits, type LeadMapping } from './lead-rows.ts';
import * as repo from './leads.repo.ts';

export class LeadImportService {
  readonly limits: LeadImportLimits;

  constructor(
    private readonly deps: ImportDeps,
    limits: Partial<LeadImportLimits> = {},
  ) {
    this.limits = { ...LEAD_IMPORT_LIMITS, ...limits };
  }

  /**
   * Checks the campaign before anything of the body is read (404 for another tenant's, 400 for a
   * STOPPED one), then reads the upload `open` gives and imports it.
   */
  async importLeads(actor: TenantActor, campaignId: string, open: () => Promise<Upload>): Promise<ImportResult> {
    const campaign = await this.deps.db.withTenant(actor.tenantId, (tx) => findCampaign(tx, campaignId));
    if (!campaign) throw notFound('campaign');
    if (campaign.status === 'STOPPED') throw badRequest(E.CAMPAIGN_STOPPED, 'A stopped campaign takes no new leads', [{ path: 'id', message: 'stopped' }]);
    const upload = await open();
    // The mapping is checked before the import exists: a wrong field writes nothing.
    const mapping = leadMappingOf(upload.fields);
    return runImport(this.deps, this.limits, actor, new LeadKind(this.limits, actor, campaignId, mapping), upload);
  }
}

/** Leads into one campaign. */
class LeadKind implements ImportKind<LeadCandidate> {
  readonly kind = 'LEADS';

  constructor(
    private readonly limits: LeadImportLimits,
    private readonly actor: TenantActor,
    readonly campaignId: string,
    private readonly mapping: LeadMapping,
  ) {}

  reading(file: CsvFile): RowReading<LeadCandidate> {
    const columns = leadColumns(file.header, file.headerRow, this.limits, this.mapping);
    return { judge: (row) => leadOfRow(columns, row, this.limits), headerIsData: false };
  }

  async write(tx: Tx, importId: string, candidates: LeadCandidate[]) {
    const quota = await lockLeadQuota(tx);
    const inserted = await repo.insertLeads(tx, { tenantId: this.actor.tenantId, campaignId: this.campaignId, importId }, candidates);
    // Counted after the insert (duplicates add nothing); over the quota, the batch rolls back and
    // the refused file is discarded whole.
    if (inserted.length > 0) await assertLeadQuota(tx, quota);
    const insertedPhones = new Set(inserted.map((lead) => lead.phone));
    // Numbers already leads of the campaign (an earlier import, or a parallel one).
    const existing = candidates.filter((candidate) => !insertedPhones.has(candidate.phone));
    return { existing, suppressed: inserted.filter((lead) => lead.status === 'DO_NOT_CALL').length };
  }

  async complete(tx: Tx, importId: string, counters: ImportCounters): Promise<AfterCommit[]> {
    await recordAudit(tx, this.actor, { action: 'LEADS_IMPORTED', targetType: 'campaign', targetId: this.campaignId, details: { importId, ...counters } });
    const change = await this.moveCampaign(tx);
    return change ? [{ type: 'CAMPAIGN_STATUS_CHANGED', payload: { ...change } }] : [];
  }

  /** The campaign made READY if it was waiting for leads (DRAFT, COMPLETED) and now has some to dial. */
  private async moveCampaign(tx: Tx): Promise<CampaignStatusChangedPayload | null> {
    const campaign = await lockCampaign(tx, this.campaignId);
    if (!campaign) return null;
    // Only DRAFT and COMPLETED move on leads; the facts of the other states are not needed.
    const next = systemCampaignStatus(campaign.status, { leadsLeft: await repo.countDialable(tx, this.campaignId), inFlight: 0, inSchedule: true });
    if (next === null || (campaign.status !== 'DRAFT' && campaign.status !== 'COMPLETED')) return null;
    await setStatus(tx, this.campaignId, next);
    await recordAudit(tx, this.actor, { action: 'CAMPAIGN_STATUS_CHANGED', targetType: 'campaign', targetId: this.campaignId, details: { from: campaign.status, to: next, cause: 'leads' } });
    return { campaignId: this.campaignId, status: next, previousStatus: campaign.status, cause: 'leads', userId: this.actor.userId };
  }

  /** Nothing of a refused lead file stays. */
  async discard(tx: Tx, importId: string) {
    await repo.deleteImportedLeads(tx, importId);
    return {};
  }
}
