// Paths into settings JSON, for reading a file leniently and writing back what it held: a step
// is a key, an index, or `#id:<id>` for a list element named by its id (instances move in a
// list; their ids do not), so a path found at read time still holds after a reorder.

export type Path = (string | number)[];

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A path step naming a list element by its `id` (instances move; their ids do not). */
export const ID_STEP = '#id:';

function step(cur: unknown, k: string | number): unknown {
  if (cur === null || typeof cur !== 'object') return undefined;
  if (Array.isArray(cur) && typeof k === 'string' && k.startsWith(ID_STEP)) {
    const id = k.slice(ID_STEP.length);
    return cur.find((e) => isObject(e) && e['id'] === id);
  }
  return (cur as Record<string | number, unknown>)[k];
}

export function getAt(v: unknown, path: Path): unknown {
  let cur = v;
  for (const k of path) cur = step(cur, k);
  return cur;
}

export function setAt(v: unknown, path: Path, value: unknown): void {
  const parent = getAt(v, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object') return;
  (parent as Record<string | number, unknown>)[path[path.length - 1] as string | number] = value;
}

/** instances.<index>... -> instances.#id:<id>... so the path still holds after a reorder. */
export function stablePath(work: unknown, path: Path): Path {
  if (path[0] !== 'instances' || typeof path[1] !== 'number' || path.length < 3) return path;
  const el = getAt(work, path.slice(0, 2));
  const id = isObject(el) ? el['id'] : undefined;
  return typeof id === 'string' ? ['instances', `${ID_STEP}${id}`, ...path.slice(2)] : path;
}

export function removeAt(v: unknown, path: Path): boolean {
  const parent = getAt(v, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key === 'number' && key < parent.length) {
    parent.splice(key, 1);
    return true;
  }
  if (isObject(parent) && typeof key === 'string' && key in parent) {
    delete parent[key];
    return true;
  }
  return false;
}

export function pathText(path: Path): string {
  return path.map(String).join('.');
}

/** A path as people read it: `instance "prod-eu" pollIntervalSec`, `ui.theme`. */
export function describePath(work: unknown, path: Path): string {
  if (path[0] === 'instances' && typeof path[1] === 'number') {
    const el = getAt(work, path.slice(0, 2));
    const name = isObject(el)
      ? (typeof el['name'] === 'string' && el['name']) || (typeof el['id'] === 'string' && el['id'])
      : '';
    const who = name ? `instance "${name}"` : `instance ${path[1] + 1}`;
    const rest = path.slice(2).map(String).join('.');
    return rest ? `${who} ${rest}` : who;
  }
  return pathText(path);
}
