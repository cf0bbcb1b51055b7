import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { useFormat } from '../app/use-format.ts';
import { planLabel } from '../plans/plans.api.ts';
import {
  quotasApi,
  quotasKey,
  usageRatio,
  USAGE_KINDS,
  type TenantQuota,
  type Usage,
  type UsageKind,
} from './tenants.api.ts';
import './tenant-usage.css';

/** Each tenant's usage against its plan, one bar per counter (from GET /platform/quotas). */
export function TenantUsage({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const quotas = useQuery({ queryKey: quotasKey, queryFn: quotasApi.list });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="tenant-usage" aria-labelledby="tenant-usage-title">
      <Heading id="tenant-usage-title">{t('tenants.usage.title')}</Heading>
      <ErrorMessage error={quotas.error} />
      {quotas.isPending ? (
        <Loading />
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('tenants.usage.tenant')}</th>
                <th scope="col">{t('tenants.plan')}</th>
                {USAGE_KINDS.map((kind) => (
                  <th scope="col" key={kind}>
                    {t(`tenants.usage.kinds.${kind}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {quotas.data?.map((quota: TenantQuota) => (
                <tr key={quota.tenantId}>
                  <th scope="row">{quota.tenantCode}</th>
                  <td>{planLabel({ id: quota.planId, name: quota.planName }, t)}</td>
                  {USAGE_KINDS.map((kind) => (
                    <td key={kind}>
                      <UsageCell tenant={quota.tenantCode} kind={kind} usage={quota.usage[kind]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function UsageCell({ tenant, kind, usage }: { tenant: string; kind: UsageKind; usage: Usage }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!usage.tracked) {
    return <span className="muted">{t('tenants.usage.notTracked')}</span>;
  }
  const ratio = usageRatio(usage);
  const text = t('tenants.usage.ofLimit', {
    used: format.number(usage.used),
    limit: format.limit(usage.limit),
  });
  const label = t('tenants.usage.barLabel', { tenant, kind: t(`tenants.usage.kinds.${kind}`), value: text });
  const level = ratio === null ? 'none' : ratio >= 1 ? 'full' : ratio >= 0.8 ? 'high' : 'ok';
  return (
    <div className={`usage usage-${level}`}>
      <span>{text}</span>
      {ratio !== null && (
        <span
          className="usage-bar"
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={usage.limit ?? 0}
          aria-valuenow={usage.used}
          aria-valuetext={text}
        >
          <span style={{ width: `${Math.min(ratio, 1) * 100}%` }} />
        </span>
      )}
    </div>
  );
}
