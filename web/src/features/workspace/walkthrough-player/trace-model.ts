import type { TraceHeapObject, TraceStep, TraceValue, WalkthroughTrace } from '@app/contracts';

/*
 * A walkthrough trace holds only what changed at each step (contracts/src/content/walkthrough-trace.ts);
 * the player shows whole states. `snapshotsOf` folds the steps once into one state per step, sharing
 * what did not change, so stepping back is as cheap as stepping forward.
 */

export type Heap = ReadonlyMap<number, TraceHeapObject>;

export type FrameState = {
  id: number;
  name: string;
  line: number;
  variables: Readonly<Record<string, TraceValue>>;
};

export type Snapshot = {
  index: number;
  step: TraceStep;
  /** Bottom to top. */
  frames: FrameState[];
  heap: Heap;
  /** Variables (by frame id) and heap ids that changed at this step, to mark them. */
  changedVariables: ReadonlySet<string>;
  changedHeap: ReadonlySet<number>;
};

export const variableKey = (frameId: number, name: string) => `${frameId}:${name}`;

export function snapshotsOf(trace: WalkthroughTrace): Snapshot[] {
  const variables = new Map<number, Record<string, TraceValue>>();
  let heap = new Map<number, TraceHeapObject>();
  return trace.steps.map((step, index) => {
    const changedVariables = new Set<string>();
    for (const [frameKey, changes] of Object.entries(step.locals ?? {})) {
      const frameId = Number(frameKey);
      const next = { ...(variables.get(frameId) ?? {}) };
      // The parameters first, in the signature's order, when the solution's function is called.
      const order = index === 0 ? trace.params : [];
      const entries = Object.entries(changes).sort(([a], [b]) => rank(order, a) - rank(order, b));
      for (const [name, value] of entries) {
        if (name === '$gone') {
          for (const gone of value as string[]) delete next[gone];
          continue;
        }
        next[name] = value as TraceValue;
        changedVariables.add(variableKey(frameId, name));
      }
      variables.set(frameId, next);
    }
    const changedHeap = new Set<number>();
    if (step.heap) {
      heap = new Map(heap);
      for (const [id, object] of Object.entries(step.heap)) {
        heap.set(Number(id), object);
        changedHeap.add(Number(id));
      }
    }
    const frames = step.stack.map(([id, line]) => ({
      id,
      name: trace.functions[id] ?? '?',
      line,
      variables: variables.get(id) ?? {},
    }));
    // A frame that returned starts afresh if its id were ever seen again (ids are not reused).
    if (step.event === 'return') variables.delete(step.stack[step.stack.length - 1][0]);
    return { index, step, frames, heap, changedVariables, changedHeap };
  });
}

const rank = (order: readonly string[], name: string) => {
  const at = order.indexOf(name);
  return at < 0 ? order.length : at;
};

export const isRef = (value: TraceValue): value is { ref: number } =>
  typeof value === 'object' && value !== null && 'ref' in value;

/** A value as one line of text (heap objects briefly, by kind and size). */
export function valueText(value: TraceValue, heap: Heap): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if ('num' in value) return value.num;
  if ('repr' in value) return value.repr;
  const object = heap.get(value.ref);
  if (!object) return '…';
  if (object.kind === 'object')
    return `${object.type}(${'value' in object.fields ? valueText(object.fields.value, heap) : ''})`;
  if (object.kind === 'dict') return `dict of ${object.entries.length + (object.more ?? 0)}`;
  return `${object.kind} of ${object.items.length + (object.more ?? 0)}`;
}

/** What a step does, in words, for the live region and the caption. */
export function stepCaption(snapshot: Snapshot, heap: Heap): string {
  const { step, frames } = snapshot;
  const top = frames[frames.length - 1];
  switch (step.event) {
    case 'call':
      return `Call ${top.name}(${Object.entries(top.variables)
        .map(([name, value]) => `${name}=${valueText(value, heap)}`)
        .join(', ')})`;
    case 'return':
      return `${top.name} returns ${step.value === undefined ? 'None' : valueText(step.value, heap)}`;
    case 'exception':
      return `${top.name} raises ${step.error ?? 'an exception'}`;
    default:
      return `Line ${step.line} in ${top.name}`;
  }
}

export type TreeNodeLayout = { id: number; x: number; depth: number; label: string; parent?: number };

/**
 * A binary tree of node objects (fields `left`/`right`) laid out by in-order position (x) and depth, so
 * a lone right child sits to the right of its parent. Stops at `limit` nodes and at cycles.
 */
export function layoutTree(rootId: number, heap: Heap, limit = 63): TreeNodeLayout[] {
  const nodes: TreeNodeLayout[] = [];
  const seen = new Set<number>();
  let x = 0;
  const visit = (id: number, depth: number, parent?: number) => {
    const object = heap.get(id);
    if (!object || object.kind !== 'object' || seen.has(id) || seen.size >= limit) return;
    seen.add(id);
    const { left, right, value } = object.fields;
    if (left !== undefined && isRef(left)) visit(left.ref, depth + 1, id);
    nodes.push({ id, x: x++, depth, parent, label: value === undefined ? '?' : valueText(value, heap) });
    if (right !== undefined && isRef(right)) visit(right.ref, depth + 1, id);
  };
  visit(rootId, 0);
  return nodes;
}

/** The nodes of a linked list (field `next`) from a head, stopping at `limit` nodes or a cycle. */
export function listChain(headId: number, heap: Heap, limit = 40): { ids: number[]; cycleTo?: number } {
  const ids: number[] = [];
  let current: number | undefined = headId;
  while (current !== undefined && ids.length < limit) {
    if (ids.includes(current)) return { ids, cycleTo: current };
    const object = heap.get(current);
    if (!object || object.kind !== 'object') break;
    ids.push(current);
    const next: TraceValue | undefined = object.fields.next;
    current = next !== undefined && isRef(next) ? next.ref : undefined;
  }
  return { ids };
}

export const isTreeNode = (object: TraceHeapObject | undefined) =>
  object?.kind === 'object' && 'left' in object.fields && 'right' in object.fields;
export const isListNode = (object: TraceHeapObject | undefined) =>
  object?.kind === 'object' && 'next' in object.fields;
