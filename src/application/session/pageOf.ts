/** What the directory listings (groups, contacts) take: a session, an offset page and an optional search. */
export interface DirectoryPageInput {
  readonly sessionName: string
  readonly limit: number
  readonly cursor: number
  readonly search?: string | undefined
}

/** A list's output (docs/operations.md#running-the-web-application): items from `cursor`, `nextCursor` only when more follow, never a total. */
export const pageOf = <T>(
  all: ReadonlyArray<T>,
  cursor: number,
  limit: number
): { items: Array<T>; nextCursor?: number } => {
  const items = all.slice(cursor, cursor + limit)
  return cursor + limit < all.length ? { items, nextCursor: cursor + limit } : { items }
}
