// Pure: the draft drawn as React Flow nodes and edges. The draft owns the positions; React Flow's
// own bookkeeping (measured size, selection, dragging) is kept beside it in NodeUi, so the nodes
// can be rebuilt from the draft on every change without losing what the canvas measured.
import type { Edge, Node, NodeChange } from '@xyflow/react';
import type { DraftTarget, IvrDraft } from './ivr-draft.ts';
import { COLUMN_X, ROW_HEIGHT, columnLayout, type XY } from './ivr-layout.ts';

export const ENTRY_ID = 'entry';
/** Where callers go once their tries ran out: drawn below the options, not placed by the user. */
export const FAILURE_ID = 'failure';

export interface EntryData extends Record<string, unknown> {
  name: string;
  context: string;
  greeting: string;
  hasPrompt: boolean;
}

export interface OptionData extends Record<string, unknown> {
  digit: string;
  destination: string;
  label: string;
}

export interface FailureData extends Record<string, unknown> {
  tries: number;
  timeoutSeconds: number;
  destination: string;
}

export type EntryNode = Node<EntryData, 'entry'>;
export type OptionNode = Node<OptionData, 'option'>;
export type FailureNode = Node<FailureData, 'failure'>;
export type IvrNode = EntryNode | OptionNode | FailureNode;

export type NodeUi = Readonly<
  Record<string, { measured?: { width?: number; height?: number }; selected?: boolean; dragging?: boolean }>
>;

export interface FlowText {
  entry: (name: string) => string;
  option: (digit: string, destination: string) => string;
  edge: (digit: string, destination: string) => string;
  failure: (tries: number, destination: string) => string;
}

export interface FlowInput {
  draft: IvrDraft;
  hasPrompt: boolean;
  destinationOf: (target: DraftTarget) => string;
  text: FlowText;
  ui: NodeUi;
}

export function buildFlow({ draft, hasPrompt, destinationOf, text, ui }: FlowInput): {
  nodes: IvrNode[];
  edges: Edge[];
} {
  const layout = columnLayout({
    entry: draft.entryPosition,
    options: draft.options.map((option) => ({ digit: option.digit, position: option.position })),
  });
  const entry: EntryNode = {
    id: ENTRY_ID,
    type: 'entry',
    position: layout.entry,
    data: { name: draft.name, context: draft.context, greeting: draft.greeting, hasPrompt },
    ariaLabel: text.entry(draft.name),
    ...ui[ENTRY_ID],
  };
  const options = draft.options.map((option, index): OptionNode => {
    const destination = destinationOf(option.target);
    return {
      id: option.key,
      type: 'option',
      position: layout.options[index] ?? { x: 0, y: 0 },
      data: { digit: option.digit, destination, label: option.label.trim() },
      ariaLabel: text.option(option.digit, destination),
      ...ui[option.key],
    };
  });
  const edges = draft.options.map((option): Edge => ({
    id: `edge-${option.key}`,
    source: ENTRY_ID,
    target: option.key,
    label: option.digit,
    ariaLabel: text.edge(option.digit, destinationOf(option.target)),
  }));
  const failureDestination = destinationOf(draft.failureTarget);
  const failure: FailureNode = {
    id: FAILURE_ID,
    type: 'failure',
    position: { x: COLUMN_X.options, y: draft.options.length * ROW_HEIGHT },
    draggable: false,
    data: { tries: draft.maxFailures, timeoutSeconds: draft.timeoutSeconds, destination: failureDestination },
    ariaLabel: text.failure(draft.maxFailures, failureDestination),
    ...ui[FAILURE_ID],
  };
  const failureEdge: Edge = {
    id: `edge-${FAILURE_ID}`,
    source: ENTRY_ID,
    target: FAILURE_ID,
    label: '✕',
    className: 'ivr-edge-failure',
    ariaLabel: text.failure(draft.maxFailures, failureDestination),
  };
  return { nodes: [entry, ...options, failure], edges: [...edges, failureEdge] };
}

/** React Flow's bookkeeping from a batch of changes; positions go to the draft instead. */
export function applyUiChanges(ui: NodeUi, changes: readonly NodeChange<IvrNode>[]): NodeUi {
  const next: Record<string, NodeUi[string]> = { ...ui };
  for (const change of changes) {
    switch (change.type) {
      case 'dimensions':
        if (change.dimensions) next[change.id] = { ...next[change.id], measured: change.dimensions };
        break;
      case 'select':
        next[change.id] = { ...next[change.id], selected: change.selected };
        break;
      case 'position':
        next[change.id] = { ...next[change.id], dragging: change.dragging ?? false };
        break;
      case 'remove':
        delete next[change.id];
        break;
      case 'add':
      case 'replace':
        break;
    }
  }
  return next;
}

/** The positions a batch of changes moved nodes to, rounded to whole pixels for storage. */
export function movedPositions(changes: readonly NodeChange<IvrNode>[]): Map<string, XY> {
  const moved = new Map<string, XY>();
  for (const change of changes) {
    if (change.type === 'position' && change.position) {
      moved.set(change.id, { x: Math.round(change.position.x), y: Math.round(change.position.y) });
    }
  }
  return moved;
}

/** The draft with the moved nodes placed where the user left them. */
export function placeNodes(draft: IvrDraft, moved: ReadonlyMap<string, XY>): IvrDraft {
  if (moved.size === 0) return draft;
  return {
    ...draft,
    entryPosition: moved.get(ENTRY_ID) ?? draft.entryPosition,
    options: draft.options.map((option) => {
      const position = moved.get(option.key);
      return position ? { ...option, position } : option;
    }),
  };
}
