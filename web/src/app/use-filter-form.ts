import { useId, useState, type FormEvent } from 'react';

/**
 * A list's filter form: what is typed (`draft`) is applied on submit and sends the list back to its
 * first page; `field` wires an input or select to one filter by name, with an id for its label.
 */
export function useFilterForm<Draft extends Record<string, string>>(empty: Draft) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(empty);
  const [applied, setApplied] = useState<Draft>(empty);
  const [page, setPage] = useState(1);
  return {
    id,
    draft,
    applied,
    page,
    setPage,
    /** Whether any filter is applied (an empty list then says "no match", not "nothing yet"). */
    filtering: Object.values(applied).some((value) => value !== ''),
    apply: (event: FormEvent) => {
      event.preventDefault();
      setApplied(draft);
      setPage(1);
    },
    clear: () => {
      setDraft(empty);
      setApplied(empty);
      setPage(1);
    },
    field: (key: keyof Draft & string) => ({
      id: `${id}-${key}`,
      value: draft[key],
      onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value })),
    }),
  };
}
