// PostgreSQL (and PGlite) report the failures a request can cause with SQLSTATE codes; drizzle
// wraps the driver's error, so the code may sit on the error or on its cause.

function sqlState(error: unknown): string | undefined {
  for (let e = error, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Class 22, "data exception": a value the column cannot hold (out of range, bad text, NUL). */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') ?? false;

/** 23505: a unique index refused a second row, as when two identical requests race. */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** 40001 serialization failure, 40P01 deadlock: the transaction may simply be run again. */
export const isRetryable = (error: unknown) => ['40001', '40P01'].includes(sqlState(error) ?? '');
