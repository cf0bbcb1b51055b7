import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NodeChange } from '@xyflow/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../app/auth-context.tsx';
import { ErrorMessage, Loading, SuccessMessage } from '../app/feedback.tsx';
import { useUnsavedChangesGuard } from '../app/unsaved-changes.tsx';
import { IvrCanvas } from './ivr-canvas.tsx';
import { draftFromMenu, draftToPatch, hasChanges, type IvrDraft } from './ivr-draft.ts';
import { IvrEntryForm } from './ivr-entry.form.tsx';
import { IvrFailureForm } from './ivr-failure.form.tsx';
import {
  applyUiChanges,
  buildFlow,
  movedPositions,
  placeNodes,
  type IvrNode,
  type NodeUi,
} from './ivr-flow.ts';
import { ivrMenuKey, ivrMenusApi, rememberMenu, type IvrMenu } from './ivr-menus.api.ts';
import { IvrOptions } from './ivr-options.tsx';
import { IvrProblems } from './ivr-problems.tsx';
import { IvrPrompt } from './ivr-prompt.tsx';
import { useDestinations } from './use-destinations.ts';

interface IvrEditorScreenProps {
  menuId: string;
  readOnly: boolean;
  onClose: () => void;
}

/** Loads the menu named in the address, so a reload comes back to the same editor. */
export function IvrEditorScreen({ menuId, readOnly, onClose }: IvrEditorScreenProps) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const menu = useQuery({
    queryKey: ivrMenuKey(me?.tenantId ?? null, menuId),
    queryFn: () => ivrMenusApi.get(menuId),
  });
  if (menu.data)
    return <IvrEditor key={menu.data.id} menu={menu.data} readOnly={readOnly} onClose={onClose} />;
  return (
    <>
      {menu.isPending ? <Loading /> : <ErrorMessage error={menu.error} />}
      <button type="button" className="secondary" onClick={onClose}>
        {t('ivrMenus.editor.back')}
      </button>
    </>
  );
}

interface IvrEditorProps {
  /** The server's copy; the editor works on a draft of it until saved. */
  menu: IvrMenu;
  readOnly: boolean;
  onClose: () => void;
}

export function IvrEditor({ menu, readOnly, onClose }: IvrEditorProps) {
  const { t } = useTranslation();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const formId = useId();
  const destinations = useDestinations();
  const [draft, setDraft] = useState<IvrDraft>(() => draftFromMenu(menu));
  const [ui, setUi] = useState<NodeUi>({});
  const tenantId = me?.tenantId ?? null;

  const save = useMutation({
    mutationFn: (edited: IvrDraft) => ivrMenusApi.update(menu.id, draftToPatch(edited)),
    // The answer is the saved menu: it replaces the cached copies, no refetch needed.
    onSuccess: (saved) => rememberMenu(queryClient, tenantId, saved),
  });
  const dirty = hasChanges(draft, menu);
  useUnsavedChangesGuard(dirty && !readOnly, save.isPending);

  const { nodes, edges } = buildFlow({
    draft,
    hasPrompt: menu.hasPrompt,
    destinationOf: destinations.nameOf,
    ui,
    text: {
      entry: (name) => t('ivrMenus.nodes.entryLabel', { name }),
      option: (digit, destination) => t('ivrMenus.nodes.optionLabel', { digit, destination }),
      edge: (digit, destination) => t('ivrMenus.nodes.edgeLabel', { digit, destination }),
      failure: (tries, destination) => t('ivrMenus.nodes.failureLabel', { count: tries, destination }),
    },
  });
  const onNodesChange = (changes: NodeChange<IvrNode>[]) => {
    setUi((current) => applyUiChanges(current, changes));
    const moved = movedPositions(changes);
    if (!readOnly && moved.size > 0) setDraft((current) => placeNodes(current, moved));
  };
  const autoLayout = () =>
    setDraft((current) => ({
      ...current,
      entryPosition: null,
      options: current.options.map((option) => ({ ...option, position: null })),
    }));

  const problemLabel = (index: number) => {
    const digit = draft.options[index]?.digit;
    return digit ? t('ivrMenus.nodes.option', { digit }) : t('ivrMenus.options.title');
  };

  return (
    <div className="ivr-editor-screen">
      <div className="ivr-editor-header">
        <h2>{menu.name}</h2>
        {dirty && <span className="badge pending">{t('ivrMenus.editor.unsaved')}</span>}
        <div className="row-actions">
          {!readOnly && (
            <>
              <button type="submit" form={formId} disabled={save.isPending}>
                {save.isPending ? t('common.saving') : t('ivrMenus.editor.save')}
              </button>
              <button type="button" className="secondary" onClick={autoLayout}>
                {t('ivrMenus.editor.autoLayout')}
              </button>
            </>
          )}
          <button type="button" className="secondary" onClick={onClose}>
            {t('ivrMenus.editor.back')}
          </button>
        </div>
      </div>
      <ErrorMessage error={save.error ?? destinations.error} />
      <IvrProblems error={save.error} optionLabel={problemLabel} />
      {save.isSuccess && !dirty && <SuccessMessage>{t('ivrMenus.editor.saved')}</SuccessMessage>}
      <div className="ivr-editor">
        <div className="ivr-editor-canvas">
          <IvrCanvas nodes={nodes} edges={edges} readOnly={readOnly} onNodesChange={onNodesChange} />
          <p className="muted">{t('ivrMenus.canvas.hint')}</p>
        </div>
        <div className="ivr-side">
          <IvrEntryForm
            id={formId}
            fields={draft}
            readOnly={readOnly}
            onChange={(fields) => setDraft((current) => ({ ...current, ...fields }))}
            onSubmit={() => save.mutate(draft)}
          />
          <IvrOptions
            options={draft.options}
            destinations={destinations}
            readOnly={readOnly}
            onChange={(options) => setDraft((current) => ({ ...current, options }))}
          />
          <IvrFailureForm
            fields={draft}
            destinations={destinations}
            readOnly={readOnly}
            menuId={menu.id}
            onChange={(fields) => setDraft((current) => ({ ...current, ...fields }))}
          />
          <IvrPrompt menu={menu} readOnly={readOnly} />
        </div>
      </div>
    </div>
  );
}
