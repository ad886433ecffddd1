/** A business failure: answered as HTTP 200 with code 0 and this Chinese message. */
export class DomainError extends Error {
  readonly status: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;
  constructor(message: string, status: DomainError['status'] = 200) {
    super(message);
    this.status = status;
  }
}

export const notFound = (what = '内容') => new DomainError(`${what}不存在或已下线`, 200);
