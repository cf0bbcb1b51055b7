-- Leads by status, kept per statement rather than per row (decision 0085): a lead import's batch of
-- a thousand rows makes one upsert per status, and every statement takes the counters' row locks in
-- one order (tenant, campaign, status), so the dialer moving leads READY → CALLBACK while an agent's
-- disposition moves others CALLBACK → READY never wait on each other in a cycle.
DROP TRIGGER leads_rollup ON leads;
DROP TRIGGER leads_rollup_update ON leads;

CREATE FUNCTION app_rollup_leads_statement() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_lead_counts AS r (tenant_id, campaign_id, status, leads)
    SELECT tenant_id, campaign_id, status, count(*) FROM new_leads GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, campaign_id, status) DO UPDATE SET leads = r.leads + excluded.leads;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_lead_counts AS r (tenant_id, campaign_id, status, leads)
    SELECT tenant_id, campaign_id, status, -count(*) FROM old_leads GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, campaign_id, status) DO UPDATE SET leads = r.leads + excluded.leads;
  ELSE
    INSERT INTO report_lead_counts AS r (tenant_id, campaign_id, status, leads)
    SELECT tenant_id, campaign_id, status, sum(n) FROM (
      SELECT tenant_id, campaign_id, status, 1 AS n FROM new_leads
      UNION ALL
      SELECT tenant_id, campaign_id, status, -1 FROM old_leads
    ) moved GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (tenant_id, campaign_id, status) DO UPDATE SET leads = r.leads + excluded.leads;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER leads_rollup_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION app_rollup_leads_statement();
CREATE TRIGGER leads_rollup_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
  FOR EACH STATEMENT EXECUTE FUNCTION app_rollup_leads_statement();
CREATE TRIGGER leads_rollup_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_leads
  FOR EACH STATEMENT EXECUTE FUNCTION app_rollup_leads_statement();
