// The one way a request body reaches a query builder: only the fields a repository names, and
// only those the body carries. A key the list does not name (tenant_id, deleted_at, id…) never
// becomes a column, whatever the schema let through.

/** The listed fields of `body` that are present, as columns of the same name. */
export function namedColumns<Body extends object, const Key extends keyof Body>(
  body: Body,
  keys: readonly Key[],
): { [K in Key]?: Exclude<Body[K], undefined> } {
  const columns: { [K in Key]?: Exclude<Body[K], undefined> } = {};
  for (const key of keys) if (body[key] !== undefined) columns[key] = body[key] as Exclude<Body[typeof key], undefined>;
  return columns;
}
