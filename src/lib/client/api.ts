// The one API client (spec section 7): same origin, Bearer token, 30 s timeout (none for
// multipart), {code,msg,data} envelope. Calls name a declared endpoint (lib/shared/<domain>/api.ts,
// decision 0064), which types what is sent and what comes back. Two calling styles:
//   const data = await api.call(itemDetail, body)   // failure → error toast, undefined
//   await api.call(itemDetail, body, { throws: true }) // failure → ApiError, no toast
// Success always resolves to data ?? null, so `undefined` means failure and nothing else.
import { ofetch, FetchError } from 'ofetch';
import { $token, logout } from './stores.ts';
import { alertFail, toast } from './toast.ts';
import { OPEN_LOGIN_EVENT } from './session.ts';
import { errorCodeOf, type ErrorCode } from '../shared/errors.ts';
import { pathOf, type Endpoint, type InputOf, type OutputOf } from '../shared/api/endpoint.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;
export { OPEN_LOGIN_EVENT };

export const MSG_NETWORK = '网络异常，请检查网络后重试';
export const MSG_TIMEOUT = '请求超时，请稍后重试';
export const MSG_SERVER = '服务器繁忙，请稍后再试';
export const MSG_UNAUTHORIZED = '登录已失效，请重新登录';
const MSG_ABORTED = '已取消上传';

type Envelope<T = unknown> = { code: number; msg: string; data: T };

/**
 * A failed call: business failure (code 0), HTTP error, timeout or network error. `code` is the
 * server's machine code ({error} in the failure envelope): branch on it, never on the message.
 */
export class ApiError extends Error {
  readonly kind: 'business' | 'http' | 'timeout' | 'network';
  readonly status: number;
  readonly data: unknown;
  readonly code: ErrorCode | undefined;
  constructor(kind: ApiError['kind'], message: string, status = 0, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.data = data;
    this.code = errorCodeOf(data);
  }
}

/** Whether a caught error is the server's failure with this machine code. */
export const isFailure = (error: unknown, code: ErrorCode): error is ApiError =>
  error instanceof ApiError && error.code === code;

export type CallOptions = {
  /** Throw ApiError instead of toasting and resolving undefined. */
  throws?: boolean;
  /** No toast on failure (still resolves undefined). */
  silent?: boolean;
  /** Milliseconds; defaults to 30 000, and to none for FormData bodies. */
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The endpoint's path parameters (`:rid`). */
  params?: Record<string, string>;
};

export type ClientConfig = {
  baseURL?: string;
  getToken?: () => string | undefined;
  /**
   * Where failure messages go. By default a refusal from the server (a falsy code) opens the
   * shared 操作失败！ alert (spec section 8); a network or HTTP error shows the error toast.
   */
  notify?: (message: string, error: ApiError) => void;
  /** Called on HTTP 401 (default: log out and ask the page to open the login dialog). */
  onUnauthorized?: () => void;
  timeout?: number;
};

function openLogin() {
  logout();
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(OPEN_LOGIN_EVENT));
}

export function createApiClient(config: ClientConfig = {}) {
  const {
    baseURL = '',
    getToken = () => $token.get()?.access,
    notify = (message: string, error: ApiError) =>
      error.kind === 'business' ? void alertFail(message) : toast.error(message),
    onUnauthorized = openLogin,
    timeout: defaultTimeout = DEFAULT_TIMEOUT_MS,
  } = config;

  function authHeaders(extra?: Record<string, string>): Record<string, string> {
    const access = getToken();
    return { ...(access ? { authorization: `Bearer ${access}` } : {}), ...extra };
  }

  /** Turns an HTTP outcome into data or an ApiError; shared by fetch and XHR uploads. */
  function settle<T>(status: number, body: unknown): T | null {
    const envelope = body && typeof body === 'object' && 'code' in body ? (body as Envelope<T>) : null;
    if (status === 401) {
      onUnauthorized();
      throw new ApiError('http', envelope?.msg || MSG_UNAUTHORIZED, status);
    }
    if (status < 200 || status >= 300) {
      throw new ApiError(
        'http',
        envelope?.msg || `${MSG_SERVER}（${status}）`,
        status,
        envelope?.data ?? null,
      );
    }
    if (!envelope) throw new ApiError('http', MSG_SERVER, status);
    if (!envelope.code)
      throw new ApiError('business', envelope.msg || MSG_SERVER, status, envelope.data ?? null);
    return envelope.data ?? null;
  }

  function fail(error: unknown, options: CallOptions): undefined {
    const apiError = error instanceof ApiError ? error : new ApiError('network', MSG_NETWORK);
    if (options.throws) throw apiError;
    if (!options.silent) notify(apiError.message, apiError);
    return undefined;
  }

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    payload: { body?: unknown; query?: Record<string, unknown> },
    options: CallOptions = {},
  ): Promise<T | null | undefined> {
    const multipart = typeof FormData !== 'undefined' && payload.body instanceof FormData;
    const timeout = options.timeout ?? (multipart ? undefined : defaultTimeout);
    try {
      const res = await ofetch.raw<unknown>(path, {
        baseURL,
        method,
        body: payload.body as BodyInit | Record<string, unknown> | undefined,
        query: payload.query,
        headers: authHeaders(options.headers),
        timeout,
        signal: options.signal,
        retry: 0,
        ignoreResponseError: true,
      });
      return settle<T>(res.status, res._data);
    } catch (error) {
      if (error instanceof FetchError) {
        const name = (error.cause as { name?: string } | undefined)?.name;
        const timedOut = name === 'TimeoutError' || /timeout|aborted due to timeout/i.test(error.message);
        return fail(
          timedOut ? new ApiError('timeout', MSG_TIMEOUT) : new ApiError('network', MSG_NETWORK),
          options,
        );
      }
      return fail(error, options);
    }
  }

  /**
   * Multipart upload with progress (upload4file, upload4pic). XMLHttpRequest, because fetch
   * reports no upload progress. No timeout, as the spec says for multipart.
   */
  function upload<T>(
    endpoint: Endpoint,
    formData: FormData,
    onProgress?: (fraction: number) => void,
    options: CallOptions = {},
  ): Promise<T | null | undefined> {
    const path = pathOf(endpoint, options.params);
    return new Promise<T | null | undefined>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${baseURL}${path}`);
      for (const [name, value] of Object.entries(authHeaders(options.headers)))
        xhr.setRequestHeader(name, value);
      xhr.responseType = 'json';
      if (onProgress) {
        xhr.upload.addEventListener('progress', (e) => {
          if (e.lengthComputable) onProgress(e.loaded / e.total);
        });
      }
      const finish = (run: () => T | null | undefined) => {
        try {
          resolve(run());
        } catch (error) {
          reject(error);
        }
      };
      xhr.addEventListener('load', () =>
        finish(() => {
          try {
            return settle<T>(xhr.status, xhr.response);
          } catch (error) {
            return fail(error, options);
          }
        }),
      );
      xhr.addEventListener('error', () => finish(() => fail(new ApiError('network', MSG_NETWORK), options)));
      // A cancelled upload (the user removed the file) settles quietly as a failure.
      xhr.addEventListener('abort', () =>
        finish(() => fail(new ApiError('network', MSG_ABORTED), { ...options, silent: true })),
      );
      options.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(formData);
    });
  }

  /** Calls a declared endpoint: the body of a POST, the query of a GET, typed by its schemas. */
  function call<E extends Endpoint>(endpoint: E, input?: InputOf<E>, options: CallOptions = {}) {
    const path = pathOf(endpoint, options.params);
    return request<OutputOf<E>>(
      endpoint.method,
      path,
      endpoint.method === 'GET'
        ? { query: input as Record<string, unknown> | undefined }
        : { body: input ?? {} },
      options,
    );
  }

  return {
    timeout: defaultTimeout,
    call,
    upload,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The page-wide client: same origin, token from $token, failures in an error toast. */
export const api = createApiClient();
