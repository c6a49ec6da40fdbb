/**
 * How many ids one statement takes. SQLite refuses more than 32,766 bound values in a
 * statement and PostgreSQL more than 65,535; 1,000 keeps every statement far below both, and
 * its plan and its parameter list small.
 */
export const IDS_PER_STATEMENT = 1_000;

/** The list in slices of at most `size`, in order. */
export function idChunks<T>(ids: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}
