// Reading a campaign's leads and its imports: the list pages, one import, and its refused rows as
// a CSV. Each read first finds the campaign in the tenant (404 otherwise).
import type { DatabaseHandles, Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findCampaign } from '../campaigns/campaigns.repo.ts';
import { findImportIn, listImportsIn, rejectedRowsCsv, type RejectedFile, type RejectedFileReader } from '../list-imports/list-imports.service.ts';
import type { ListImport } from '../list-imports/list-imports.schema.ts';
import * as repo from './leads.repo.ts';
import type { LeadList, LeadsQuery } from './leads.schema.ts';

async function assertCampaign(tx: Tx, campaignId: string): Promise<void> {
  if (!(await findCampaign(tx, campaignId))) throw notFound('campaign');
}

const scopeOf = (campaignId: string) => ({ kind: 'LEADS', campaignId }) as const;

export class LeadsService {
  constructor(private readonly deps: { db: DatabaseHandles }) {}

  async list(tenantId: string, campaignId: string, query: LeadsQuery): Promise<LeadList> {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      await assertCampaign(tx, campaignId);
      const { items, total } = await repo.listLeads(tx, campaignId, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  async imports(tenantId: string, campaignId: string): Promise<ListImport[]> {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      await assertCampaign(tx, campaignId);
      return listImportsIn(tx, scopeOf(campaignId));
    });
  }

  async getImport(tenantId: string, campaignId: string, importId: string): Promise<ListImport> {
    return this.deps.db.withTenant(tenantId, async (tx) => {
      await assertCampaign(tx, campaignId);
      return findImportIn(tx, scopeOf(campaignId), importId);
    });
  }

  async rejectedCsv(reader: RejectedFileReader, campaignId: string, importId: string): Promise<RejectedFile> {
    return rejectedRowsCsv(this.deps.db, reader, await this.getImport(reader.tenantId, campaignId, importId));
  }
}
