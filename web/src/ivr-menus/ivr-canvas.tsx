import {
  Background,
  Controls,
  ReactFlow,
  useReactFlow,
  type AriaLabelConfig,
  type Edge,
  type FitViewOptions,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { IvrNode } from './ivr-flow.ts';
import { IVR_NODE_TYPES } from './ivr-nodes.tsx';

const FIT_VIEW: FitViewOptions = { padding: 0.2, maxZoom: 1 };

interface IvrCanvasProps {
  nodes: IvrNode[];
  edges: Edge[];
  readOnly: boolean;
  onNodesChange: (changes: NodeChange<IvrNode>[]) => void;
}

/** The visual aid: every change made here can also be made in the side panel. */
export function IvrCanvas({ nodes, edges, readOnly, onNodesChange }: IvrCanvasProps) {
  const { t } = useTranslation();
  const ariaLabelConfig = useMemo(
    (): Partial<AriaLabelConfig> => ({
      'node.a11yDescription.default': t('ivrMenus.canvas.nodeHelp'),
      'node.a11yDescription.keyboardDisabled': t('ivrMenus.canvas.nodeHelp'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
        t('ivrMenus.canvas.moved', { direction: t(`ivrMenus.canvas.directions.${direction}`), x, y }),
      'edge.a11yDescription.default': t('ivrMenus.canvas.edgeHelp'),
      'controls.ariaLabel': t('ivrMenus.canvas.controls'),
      'controls.zoomIn.ariaLabel': t('ivrMenus.canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('ivrMenus.canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('ivrMenus.canvas.fitView'),
      'controls.interactive.ariaLabel': t('ivrMenus.canvas.interactive'),
      'minimap.ariaLabel': t('ivrMenus.canvas.minimap'),
      'handle.ariaLabel': t('ivrMenus.canvas.handle'),
    }),
    [t],
  );
  return (
    <div className="ivr-canvas" role="region" aria-label={t('ivrMenus.canvas.label')}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={IVR_NODE_TYPES}
        onNodesChange={onNodesChange}
        nodesDraggable={!readOnly}
        nodesConnectable={false}
        edgesFocusable={false}
        deleteKeyCode={null}
        fitView
        fitViewOptions={FIT_VIEW}
        minZoom={0.3}
        maxZoom={1.5}
        ariaLabelConfig={ariaLabelConfig}
        // The library's English link in the corner is not part of the console (credited in the docs).
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} fitViewOptions={FIT_VIEW} />
        <FitWhenNodesComeOrGo count={nodes.length} />
      </ReactFlow>
    </div>
  );
}

/** A new option could land outside the view: refit when the number of nodes changes. */
function FitWhenNodesComeOrGo({ count }: { count: number }) {
  const { fitView } = useReactFlow();
  const previous = useRef(count);
  useEffect(() => {
    if (previous.current === count) return;
    previous.current = count;
    void fitView(FIT_VIEW);
  }, [count, fitView]);
  return null;
}
