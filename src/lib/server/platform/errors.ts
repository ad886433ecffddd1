import { codeForStatus, type ErrorCode } from '../../shared/errors.ts';

/**
 * A business failure: answered with code 0, this Chinese message and {error: code} as data;
 * HTTP 200 unless a status says otherwise. The code defaults from the status ('REFUSED' for 200).
 */
export class DomainError extends Error {
  readonly status: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;
  readonly code: ErrorCode;
  constructor(message: string, status: DomainError['status'] = 200, code: ErrorCode = codeForStatus(status)) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const notFound = (what = '内容') => new DomainError(`${what}不存在或已下线`, 200, 'NOT_FOUND');
