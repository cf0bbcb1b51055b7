import { describe, expect, it } from 'vitest';
import type { IvrDraft } from './ivr-draft.ts';
import {
  ENTRY_ID,
  FAILURE_ID,
  applyUiChanges,
  buildFlow,
  movedPositions,
  placeNodes,
  type FlowText,
} from './ivr-flow.ts';
import { COLUMN_X, ROW_HEIGHT } from './ivr-layout.ts';

const draft: IvrDraft = {
  name: 'Atendimento',
  context: 'atendimento',
  greeting: '',
  entryPosition: null,
  options: [
    { key: 'b', digit: '2', target: { type: 'EXTENSION', value: '102' }, label: '', position: { x: 500, y: 300 } },
    { key: 'a', digit: '1', target: { type: 'EXTENSION', value: '101' }, label: ' Vendas ', position: null },
  ],
  timeoutSeconds: 5,
  maxFailures: 3,
  failureTarget: { type: 'HANGUP', value: '' },
};

const text: FlowText = {
  entry: (name) => `Entry ${name}`,
  option: (digit, destination) => `Option ${digit} ${destination}`,
  edge: (digit, destination) => `Digit ${digit} to ${destination}`,
  failure: (tries, destination) => `After ${tries} to ${destination}`,
};

const flow = (ui = {}) =>
  buildFlow({ draft, hasPrompt: true, destinationOf: (target) => (target.type === 'EXTENSION' ? `Ext ${target.value}` : target.type), text, ui });

describe('buildFlow', () => {
  it('draws the entry, one node per option and an edge per option labelled with its digit', () => {
    const { nodes, edges } = flow();
    expect(nodes.map((node) => [node.id, node.type, node.ariaLabel])).toEqual([
      [ENTRY_ID, 'entry', 'Entry Atendimento'],
      ['b', 'option', 'Option 2 Ext 102'],
      ['a', 'option', 'Option 1 Ext 101'],
      [FAILURE_ID, 'failure', 'After 3 to HANGUP'],
    ]);
    expect(nodes[2]!.data).toEqual({ digit: '1', destination: 'Ext 101', label: 'Vendas' });
    expect(nodes[3]).toMatchObject({ data: { tries: 3, timeoutSeconds: 5, destination: 'HANGUP' }, draggable: false, position: { x: COLUMN_X.options, y: 2 * ROW_HEIGHT } });
    expect(edges.map((edge) => [edge.source, edge.target, edge.label])).toEqual([
      [ENTRY_ID, 'b', '2'],
      [ENTRY_ID, 'a', '1'],
      [ENTRY_ID, FAILURE_ID, '✕'],
    ]);
  });

  it('uses the placed position and the automatic layout for the rest', () => {
    const { nodes } = flow();
    expect(nodes[1]!.position).toEqual({ x: 500, y: 300 });
    expect(nodes[2]!.position).toEqual({ x: COLUMN_X.options, y: 0 });
    expect(nodes[0]!.position).toEqual({ x: COLUMN_X.entry, y: ROW_HEIGHT / 2 });
  });

  it('keeps what the canvas measured and selected', () => {
    const ui = applyUiChanges({}, [
      { id: 'a', type: 'dimensions', dimensions: { width: 200, height: 80 } },
      { id: 'a', type: 'select', selected: true },
    ]);
    const option = flow(ui).nodes.find((node) => node.id === 'a');
    expect(option).toMatchObject({ measured: { width: 200, height: 80 }, selected: true });
  });
});

describe('movedPositions / placeNodes', () => {
  it('rounds dragged positions and places only the moved nodes', () => {
    const moved = movedPositions([
      { id: 'a', type: 'position', position: { x: 10.4, y: 19.6 }, dragging: true },
      { id: ENTRY_ID, type: 'position', dragging: false },
      { id: 'b', type: 'select', selected: true },
    ]);
    expect([...moved]).toEqual([['a', { x: 10, y: 20 }]]);
    const placed = placeNodes(draft, moved);
    expect(placed.entryPosition).toBeNull();
    expect(placed.options.map((option) => option.position)).toEqual([
      { x: 500, y: 300 },
      { x: 10, y: 20 },
    ]);
    expect(placeNodes(draft, new Map())).toBe(draft);
  });
});
