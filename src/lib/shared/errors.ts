// Machine codes of failures. The failure envelope keeps the spec's {code: 0, msg} and adds
// {error: <code>} as its data, so clients branch on the code and show msg, and never compare
// Chinese text (a wording change must not change behaviour).

export const ERROR_CODES = [
  /** A field failed validation, or the body is not the JSON a call takes. */
  'INVALID_INPUT',
  /** A business rule refused the request (the message says which). */
  'REFUSED',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  /** The same change twice at once, or a state that changed meanwhile. */
  'CONFLICT',
  'RATE_LIMITED',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_BODY',
  'NO_SUCH_CALL',
  'SERVER_ERROR',
  /** Too many calls at once: nothing was done; try again in a moment (HTTP 503, Retry-After). */
  'BUSY',
  /** A service the call needs (the file store) is down: nothing was done; try again later (HTTP 503, Retry-After). */
  'UNAVAILABLE',
  /** The order is paid already (another tab, a double click): nothing is left to pay. */
  'ALREADY_PAID',
  /** The profile lacks what ordering needs: send the customer to 基本信息. */
  'INCOMPLETE_BASIC_INFO',
  /** A scanned sample was received (or stored there) already: nothing changed (decision 0072). */
  'DUPLICATE',
  /** A scanned sample belongs to another order than the one open on the screen (decision 0072). */
  'OTHER_ORDER',
  /** The act needs the staff member's password again (signing: decision 0080); ask it and repeat the call. */
  'REAUTH_REQUIRED',
  /** The report signing key cannot be read or opened: an administrator must fix it (decision 0076). */
  'SIGNING_KEY',
  /** Rows of a sample sheet are wrong: data also carries them and the annotated file (decision 0089). */
  'SHEET_ERRORS',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The data of a failure envelope. */
export type FailureData = { error: ErrorCode };

/** The code a failure carries when its thrower names none, by HTTP status. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'INVALID_INPUT';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'BODY_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_BODY';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'SERVER_ERROR' : 'REFUSED';
  }
}

/** The machine code of a failure envelope's data, if it has one. */
export function errorCodeOf(data: unknown): ErrorCode | undefined {
  const error = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined;
  return typeof error === 'string' && (ERROR_CODES as readonly string[]).includes(error)
    ? (error as ErrorCode)
    : undefined;
}
