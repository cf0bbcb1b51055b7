import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { EntryNode, FailureNode, OptionNode } from './ivr-flow.ts';

function EntryNodeView({ data }: NodeProps<EntryNode>) {
  const { t } = useTranslation();
  return (
    <div className="ivr-node ivr-node-entry">
      <div className="ivr-node-kind">{t('ivrMenus.nodes.entry')}</div>
      <strong className="ivr-node-title">{data.name}</strong>
      <code>{data.context}</code>
      {data.greeting && <p className="ivr-node-greeting">{data.greeting}</p>}
      <div className={data.hasPrompt ? 'ivr-node-prompt' : 'ivr-node-prompt muted'}>
        {data.hasPrompt ? t('ivrMenus.nodes.promptUploaded') : t('ivrMenus.nodes.noPrompt')}
      </div>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

function OptionNodeView({ data }: NodeProps<OptionNode>) {
  const { t } = useTranslation();
  return (
    <div className="ivr-node ivr-node-option">
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <span className="ivr-node-digit" aria-hidden="true">
        {data.digit}
      </span>
      <div>
        <div className="ivr-node-kind">{t('ivrMenus.nodes.option', { digit: data.digit })}</div>
        <strong className="ivr-node-title">{data.destination}</strong>
        {data.label && <div className="muted">{data.label}</div>}
      </div>
    </div>
  );
}

function FailureNodeView({ data }: NodeProps<FailureNode>) {
  const { t } = useTranslation();
  return (
    <div className="ivr-node ivr-node-failure">
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <span className="ivr-node-digit" aria-hidden="true">
        ✕
      </span>
      <div>
        <div className="ivr-node-kind">{t('ivrMenus.nodes.failure', { count: data.tries, seconds: data.timeoutSeconds })}</div>
        <strong className="ivr-node-title">{data.destination}</strong>
      </div>
    </div>
  );
}

/** Declared once, outside any component: React Flow warns when the object changes identity. */
export const IVR_NODE_TYPES = { entry: EntryNodeView, option: OptionNodeView, failure: FailureNodeView } satisfies NodeTypes;
