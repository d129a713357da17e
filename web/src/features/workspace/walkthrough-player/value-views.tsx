import type { TraceHeapObject, TraceValue } from '@app/contracts';
import { type Heap, isListNode, isRef, isTreeNode, layoutTree, listChain, valueText } from './trace-model';

/** Which variables name each heap object (drawn as labels on list and tree nodes). */
export type Names = ReadonlyMap<number, string[]>;
/** An index pointer into an array: the variable's name and its value. */
export type Pointer = { name: string; index: number };

type ViewProps = { value: TraceValue; heap: Heap; names: Names; pointers?: Pointer[]; changed?: boolean };

/** A variable's value: a scalar as text, a heap object drawn by its kind. */
export function ValueView({ value, heap, names, pointers }: ViewProps) {
  if (!isRef(value)) return <code className="wt-scalar">{valueText(value, heap)}</code>;
  const object = heap.get(value.ref);
  if (!object) return <code className="wt-scalar">…</code>;
  if (isTreeNode(object)) return <TreeView rootId={value.ref} heap={heap} names={names} />;
  if (isListNode(object)) return <ListView headId={value.ref} heap={heap} names={names} />;
  return <ObjectView object={object} heap={heap} names={names} pointers={pointers} depth={0} />;
}

function ObjectView({
  object,
  heap,
  names,
  pointers = [],
  depth,
}: {
  object: TraceHeapObject;
  heap: Heap;
  names: Names;
  pointers?: Pointer[];
  depth: number;
}) {
  const inner = (value: TraceValue) => {
    if (!isRef(value) || depth >= 1) return <code className="wt-scalar">{valueText(value, heap)}</code>;
    const child = heap.get(value.ref);
    if (!child || child.kind === 'object') return <code className="wt-scalar">{valueText(value, heap)}</code>;
    return <ObjectView object={child} heap={heap} names={names} depth={depth + 1} />;
  };
  const more = 'more' in object && object.more ? <span className="wt-more">+{object.more} more</span> : null;
  if (object.kind === 'dict') {
    return (
      <table className="wt-dict">
        <caption className="visually-hidden">dict with {object.entries.length} entries</caption>
        <tbody>
          {object.entries.map(([key, value], i) => (
            <tr key={i}>
              <th scope="row">{valueText(key, heap)}</th>
              <td>{inner(value)}</td>
            </tr>
          ))}
          {object.entries.length === 0 ? (
            <tr>
              <td className="wt-empty">empty dict</td>
            </tr>
          ) : null}
        </tbody>
        {more ? (
          <tfoot>
            <tr>
              <td colSpan={2}>{more}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
    );
  }
  if (object.kind === 'object') {
    return (
      <table className="wt-dict">
        <caption>{object.type}</caption>
        <tbody>
          {Object.entries(object.fields).map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{inner(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const label = `${object.kind} of ${object.items.length + (object.more ?? 0)}`;
  const rows = object.items.every((item) => isRef(item) && heap.get(item.ref)?.kind === 'list');
  if (rows && object.items.length > 0 && depth === 0) {
    return (
      <div className="wt-matrix" role="group" aria-label={label}>
        {object.items.map((item, r) => (
          <div key={r} className="wt-matrix__row">
            <span className="wt-matrix__index" aria-hidden="true">
              {r}
            </span>
            <ObjectView
              object={heap.get((item as { ref: number }).ref)!}
              heap={heap}
              names={names}
              depth={1}
            />
          </div>
        ))}
        {more}
      </div>
    );
  }
  return (
    <ol className={`wt-cells wt-cells--${object.kind}`} aria-label={label} start={0}>
      {object.items.map((item, i) => {
        const at = pointers.filter((p) => p.index === i).map((p) => p.name);
        return (
          <li key={i} className={at.length ? 'wt-cell wt-cell--pointed' : 'wt-cell'}>
            {object.kind === 'set' ? null : (
              <span className="wt-cell__index" aria-hidden="true">
                {i}
              </span>
            )}
            <span className="wt-cell__value">{inner(item)}</span>
            {at.length ? (
              <span className="wt-cell__pointer">
                <span aria-hidden="true">↑</span>
                {at.join(' ')}
              </span>
            ) : null}
          </li>
        );
      })}
      {object.items.length === 0 ? <li className="wt-empty">empty</li> : null}
      {more ? <li>{more}</li> : null}
    </ol>
  );
}

const NODE_W = 44;
const NODE_H = 28;
const GAP = 22;

/** A linked list as boxes and arrows, each node labelled with the variables that name it. */
function ListView({ headId, heap, names }: { headId: number; heap: Heap; names: Names }) {
  const { ids, cycleTo } = listChain(headId, heap);
  const values = ids.map((id) => {
    const object = heap.get(id);
    return object?.kind === 'object' && object.fields.value !== undefined
      ? valueText(object.fields.value, heap)
      : '?';
  });
  const width = ids.length * (NODE_W + GAP) + 30;
  const height = NODE_H + 34;
  const description = `linked list: ${values.join(' → ')}${cycleTo !== undefined ? ' → (back to an earlier node)' : ' → None'}`;
  return (
    <svg className="wt-graph" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img">
      <title>{description}</title>
      {ids.map((id, i) => {
        const x = 2 + i * (NODE_W + GAP);
        const label = names.get(id)?.join(', ');
        return (
          <g key={id}>
            <rect x={x} y={16} width={NODE_W} height={NODE_H} rx={5} className="wt-node" />
            <text x={x + NODE_W / 2} y={16 + NODE_H / 2 + 5} textAnchor="middle" className="wt-node__text">
              {values[i]}
            </text>
            {label ? (
              <text x={x + NODE_W / 2} y={11} textAnchor="middle" className="wt-node__label">
                {label}
              </text>
            ) : null}
            <line
              x1={x + NODE_W}
              y1={16 + NODE_H / 2}
              x2={x + NODE_W + GAP - 3}
              y2={16 + NODE_H / 2}
              className="wt-edge"
              markerEnd="url(#wt-arrow)"
            />
          </g>
        );
      })}
      <text x={ids.length * (NODE_W + GAP) + 2} y={16 + NODE_H / 2 + 5} className="wt-node__none">
        {cycleTo !== undefined ? '↺' : '∅'}
      </text>
      <defs>
        <marker
          id="wt-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" className="wt-arrowhead" />
        </marker>
      </defs>
    </svg>
  );
}

/** A binary tree drawn level by level, in-order left to right, nodes labelled with their variables. */
function TreeView({ rootId, heap, names }: { rootId: number; heap: Heap; names: Names }) {
  const nodes = layoutTree(rootId, heap);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const R = 15;
  const dx = 36;
  const dy = 52;
  const pos = (n: { x: number; depth: number }) => ({ cx: 22 + n.x * dx, cy: 30 + n.depth * dy });
  const width = 44 + Math.max(0, nodes.length - 1) * dx;
  const height = 50 + Math.max(0, ...nodes.map((n) => n.depth)) * dy;
  const levels: string[] = [];
  for (const n of [...nodes].sort((a, b) => a.depth - b.depth || a.x - b.x))
    levels[n.depth] = levels[n.depth] ? `${levels[n.depth]} ${n.label}` : n.label;
  const description = `binary tree, ${nodes.length} nodes; by level: ${levels.join(' / ')}`;
  return (
    <svg className="wt-graph" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img">
      <title>{description}</title>
      {nodes.map((n) => {
        const parent = n.parent !== undefined ? byId.get(n.parent) : undefined;
        if (!parent) return null;
        const a = pos(parent);
        const b = pos(n);
        return <line key={`e${n.id}`} x1={a.cx} y1={a.cy} x2={b.cx} y2={b.cy} className="wt-edge" />;
      })}
      {nodes.map((n) => {
        const { cx, cy } = pos(n);
        const label = names.get(n.id)?.join(', ');
        return (
          <g key={n.id}>
            <circle cx={cx} cy={cy} r={R} className={label ? 'wt-node wt-node--named' : 'wt-node'} />
            <text x={cx} y={cy + 4} textAnchor="middle" className="wt-node__text">
              {n.label}
            </text>
            {label ? (
              <text x={cx} y={cy - R - 4} textAnchor="middle" className="wt-node__label">
                {label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
