/** What a database error means, for the callers that expect one. */

/** PostgreSQL's SQLSTATE of a statement that broke a unique index, through drizzle's wrapper (`cause`) or not. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
};
