import { formatPhone } from '@callcenter/rules/phone';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading } from '../app/feedback.tsx';
import { numbersApi, ownNumbersKey } from './numbers.api.ts';

/** The tenant's own numbers (assigned by the platform), each with whether a route uses it. */
export function MyNumbers({ routed }: { routed: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const numbers = useQuery({ queryKey: ownNumbersKey(me?.tenantId ?? null), queryFn: numbersApi.own });
  return (
    <section aria-labelledby="my-numbers-title">
      <h2 id="my-numbers-title">{t('numbers.mine')}</h2>
      <ErrorMessage error={numbers.error} />
      {numbers.isPending ? (
        <Loading />
      ) : numbers.data?.length === 0 ? (
        <p className="muted">{t('numbers.noneAssigned')}</p>
      ) : (
        <ul className="my-numbers">
          {numbers.data?.map((row) => (
            <li key={row.id}>
              {formatPhone(row.number)}
              {!routed.has(row.number) && <span className="muted"> · {t('numbers.unrouted')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
