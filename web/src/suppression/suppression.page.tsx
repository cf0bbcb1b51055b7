// The tenant's do-not-call list: search it, add a number, remove one (with the reason, audited) and
// import whole lists (Não Me Perturbe, Procon) with a progress bar.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { Pager } from '../app/pager.tsx';
import { useFilterForm } from '../app/use-filter-form.ts';
import { useFormat } from '../app/use-format.ts';
import { formatDid } from '../inbound-routes/did-format.ts';
import { ImportHistory } from '../list-imports/import-history.tsx';
import { ListImportPanel } from '../list-imports/list-import-panel.tsx';
import {
  suppressionApi,
  suppressionKey,
  type SuppressionEntry,
  type SuppressionFilters,
} from './suppression.api.ts';

const PAGE_SIZE = 50;
const IMPORT_TARGET = { kind: 'SUPPRESSION', campaignId: null } as const;

export function SuppressionPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { me } = useAuth();
  const tenantId = me?.tenantId ?? null;
  const queryClient = useQueryClient();
  const { id, applied, page, setPage, filtering, apply, clear, field } = useFilterForm({ phone: '' });
  const filters: SuppressionFilters = { phone: applied.phone.trim() || undefined, page, pageSize: PAGE_SIZE };
  const entries = useQuery({
    queryKey: suppressionKey(tenantId, filters),
    queryFn: () => suppressionApi.list(filters),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['suppression'] });
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: ({ entry, reason }: { entry: SuppressionEntry; reason: string }) =>
      suppressionApi.remove(entry.id, reason),
    onSuccess: () => setRemoving(null),
    onSettled: refresh,
  });
  const data = entries.data;

  return (
    <section className="suppression-page">
      <div className="page-title">
        <h1>{t('suppression.title')}</h1>
      </div>
      <p className="muted">{t('suppression.intro')}</p>
      <AddNumberForm onAdded={refresh} />
      <ListImportPanel target={IMPORT_TARGET} onImported={refresh} />
      <ImportHistory target={IMPORT_TARGET} />

      <h2>{t('suppression.listTitle')}</h2>
      <form className="filters" onSubmit={apply} aria-label={t('suppression.search')}>
        <div className="filter-field">
          <label htmlFor={`${id}-phone`}>{t('suppression.phone')}</label>
          <input type="search" inputMode="tel" placeholder="(11) 98765-4321" {...field('phone')} />
        </div>
        <div className="actions">
          <button type="submit">{t('suppression.searchButton')}</button>
          <button type="button" className="secondary" onClick={clear}>
            {t('suppression.clear')}
          </button>
        </div>
      </form>
      <ErrorMessage error={entries.error ?? remove.error} />
      {remove.isSuccess && <SuccessMessage>{t('suppression.removed')}</SuccessMessage>}
      {entries.isPending ? (
        <Loading />
      ) : !data || data.items.length === 0 ? (
        <p>{filtering ? t('suppression.noMatch') : t('suppression.empty')}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table aria-label={t('suppression.listTitle')}>
              <thead>
                <tr>
                  <th>{t('suppression.phone')}</th>
                  <th>{t('suppression.source')}</th>
                  <th>{t('suppression.note')}</th>
                  <th>{t('common.createdAt')}</th>
                  <th>{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.id} data-testid="suppression-row">
                    <td>{formatDid(entry.phone)}</td>
                    <td>{t(`suppression.sources.${entry.source}`)}</td>
                    <td>{entry.note ?? '—'}</td>
                    <td>{format.dateTime(entry.createdAt)}</td>
                    <td className="row-actions">
                      {removing === entry.id ? (
                        <RemoveForm
                          entry={entry}
                          busy={remove.isPending}
                          onRemove={(reason) => remove.mutate({ entry, reason })}
                          onCancel={() => setRemoving(null)}
                        />
                      ) : (
                        <button
                          type="button"
                          className="danger"
                          aria-label={t('suppression.removeFor', { phone: formatDid(entry.phone) })}
                          onClick={() => setRemoving(entry.id)}
                        >
                          {t('suppression.remove')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            shown={data.items.length}
            total={data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

function AddNumberForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => suppressionApi.add(note.trim() ? { phone, note: note.trim() } : { phone }),
    onSuccess: () => {
      setPhone('');
      setNote('');
      onAdded();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form className="inline-form add-number" onSubmit={submit} aria-label={t('suppression.addTitle')}>
      <label htmlFor={`${id}-phone`}>{t('suppression.phone')}</label>
      <input
        id={`${id}-phone`}
        type="tel"
        required
        maxLength={40}
        placeholder="(11) 98765-4321"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <label htmlFor={`${id}-note`}>{t('suppression.note')}</label>
      <input
        id={`${id}-note`}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <button type="submit" disabled={add.isPending}>
        {t('suppression.add')}
      </button>
      <ErrorMessage error={add.error} />
      {add.isSuccess && (
        <SuccessMessage>{t('suppression.added', { phone: formatDid(add.data.phone), count: add.data.leadsMoved })}</SuccessMessage>
      )}
    </form>
  );
}

/** Removing a number says why: the reason goes to the audit log. */
function RemoveForm({
  entry,
  busy,
  onRemove,
  onCancel,
}: {
  entry: SuppressionEntry;
  busy: boolean;
  onRemove: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onRemove(reason.trim());
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <label htmlFor={`${id}-reason`}>{t('suppression.reasonFor', { phone: formatDid(entry.phone) })}</label>
      <input
        id={`${id}-reason`}
        required
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        autoFocus
      />
      <button type="submit" className="danger" disabled={busy}>
        {t('suppression.confirmRemove')}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}
