import { CLIENT_ID_HEADER, REQUEST_TIMEOUT_MS } from '@nestbox/shared/constants';
import type { ErrorBody } from '@nestbox/shared/http/error-body';
import { PAGE_PATHS } from '@nestbox/shared/routes';
import { prettifyError, type ZodType } from 'zod';
import { markUnreachable } from './connectivity';
import { currentLocale, i18n } from './i18n';
import { clearSession, getToken } from './session';

/**
 * The one way the web app talks to the API (SPEC §7, API.md): JSON in and out, a bearer
 * token, `Accept-Language`, a per-tab client id, a timeout, cancellation, and one error type.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryScalar = string | number | boolean | null | undefined;
/** Query-string parameters; `undefined` and `null` are left out, arrays repeat the key. */
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[]>;

export interface ApiRequestOptions {
  /** @default 'POST' */
  method?: HttpMethod;
  /** JSON body of POST/PUT/PATCH; for GET and DELETE its fields go to the query string. */
  body?: unknown;
  /** Extra query-string parameters, for any method. */
  query?: QueryParams;
  /** Cancels the request; it then fails with `canceled: true` and 'Request canceled'. */
  signal?: AbortSignal;
  /** @default REQUEST_TIMEOUT_MS (30 s) */
  timeoutMs?: number;
  /**
   * Send the bearer token and treat HTTP 401 as the end of the session. Public calls
   * (login, sign-up, activation…) pass `false`, so a failed login is just an error.
   * @default true
   */
  authenticated?: boolean;
  /**
   * Send this bearer token instead of the session's; an HTTP 401 is then only an error (the
   * session is not touched). Logging out uses it for the token it is ending.
   */
  token?: string;
  /**
   * The shared contract of the answer (a zod schema from packages/shared; `NoBodySchema` for
   * an answer without a body). In development and tests the answer is checked against it,
   * so a drift between server and web app fails loudly; production trusts the server, which
   * serialises with the same schema. Pass it as `import.meta.env.DEV ? Schema : undefined`:
   * the condition, a constant of the build where it is written, lets production bundles
   * leave out the schema and zod. The app's calls must name it ({@link ApiCallOptions}).
   */
  schema?: ZodType | undefined;
  /** Called with the headers of a successful answer (an undoable change's `X-Undo-Id`). */
  onHeaders?: (headers: Headers) => void;
  /**
   * How a successful answer is read: parsed JSON, or the raw bytes as a Blob (a file to
   * download). A failure is read as JSON either way.
   * @default 'json'
   */
  responseType?: 'json' | 'blob';
}

/** Whether this build checks answers against their contracts: development and tests only. */
const CHECKS_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** Codes of failures that never reached an HTTP answer; they are i18n keys too. */
export type ClientErrorCode = 'error.requestCanceled' | 'error.timeout' | 'error.network';

/** Every failed call throws this. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no answer arrived (canceled, timed out, network down). */
  readonly status: number;
  /** The server's stable code (an i18n key), or a {@link ClientErrorCode}. */
  readonly code: string;
  /** Translated message per invalid field, when the server sent them. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /** The parsed response body (or `undefined`), for callers that need more than the message. */
  readonly data: unknown;
  /** True when the caller canceled the request. */
  readonly canceled: boolean;
  /** The server's request id, to quote when reporting a 5xx. */
  readonly requestId: string | undefined;
  /** Set once a notice told the person of this failure: other handlers then keep quiet. */
  told = false;

  constructor(init: {
    message: string;
    status: number;
    code: string;
    fields?: Readonly<Record<string, string>> | undefined;
    data?: unknown;
    canceled?: boolean;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.data = init.data;
    this.canceled = init.canceled ?? false;
    this.requestId = init.requestId;
  }
}

/** Narrows an unknown error (React Query, route errors) to an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A random id for this tab, sent as `X-Client-Id` so that live events caused by this tab's
 * own calls can be recognised (the socket layer sends the same id). `getRandomValues` also
 * works on plain-HTTP self-hosted addresses, where `crypto.randomUUID` does not exist.
 */
export const CLIENT_ID: string = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');

/** What the client needs from its surroundings; each has a browser default, tests inject their own. */
export interface ApiClientConfig {
  /** Prefix of every path; '' (same origin) in the browser. */
  baseUrl: string;
  getToken: () => string | null;
  /** Forgets the session after an HTTP 401. */
  clearSession: () => void;
  /** Called after an HTTP 401 on an authenticated call, once the session is cleared. */
  onUnauthorized: () => void;
  /** Value of `Accept-Language`. */
  getLanguage: () => string;
  /** Message of a failure that has no server message. */
  translate: (key: ClientErrorCode | 'error.generic' | 'error.server') => string;
  clientId: string;
  fetch: typeof fetch;
  /** Where failures are reported. */
  logError: (...details: unknown[]) => void;
  /** Check answers against their `schema` (development and tests). */
  checkResponses: boolean;
  /** Called when an authenticated call got no answer at all (the network or the server is down). */
  onUnreachable: () => void;
}

const browserDefaults: ApiClientConfig = {
  baseUrl: '',
  getToken,
  clearSession,
  onUnauthorized: () => {
    if (typeof window !== 'undefined') window.location.assign(PAGE_PATHS.logout);
  },
  getLanguage: currentLocale,
  translate: (key) => i18n.t(key),
  clientId: CLIENT_ID,
  fetch: (input, init) => globalThis.fetch(input, init),
  logError: (...details) => console.error(...details),
  checkResponses: CHECKS_ANSWERS,
  onUnreachable: () => markUnreachable(),
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function appendQuery(params: URLSearchParams, source: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(source)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      params.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
}

/**
 * The error of an answer shaped as the shared ErrorBody (`{ error: { code, message, fields?,
 * requestId? } }`), else `undefined` (a proxy's page, an unexpected body). Read field by field
 * rather than with ErrorBodySchema, so that every page can read a failure without zod;
 * api-client.test.ts holds it to the schema.
 */
export function errorOfBody(data: unknown): ErrorBody['error'] | undefined {
  if (!isPlainObject(data) || !isPlainObject(data.error)) return undefined;
  const { code, message, fields, requestId } = data.error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (requestId !== undefined && typeof requestId !== 'string') return undefined;
  if (fields !== undefined && !isStringRecord(fields)) return undefined;
  return {
    code,
    message,
    ...(fields === undefined ? {} : { fields }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((entry) => typeof entry === 'string');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A typed request function bound to one configuration. */
export type ApiRequest = <T>(path: string, options?: ApiRequestOptions) => Promise<T>;

/** Options of the app's calls: every one names the contract of its answer. */
export type ApiCallOptions = ApiRequestOptions & { schema: ZodType | undefined };

/** The app's request function: as {@link ApiRequest}, with the answer's contract required. */
export type ApiCall = <T>(path: string, options: ApiCallOptions) => Promise<T>;

/** Builds a request function; the app uses {@link apiRequest}, tests build their own. */
export function createApiClient(overrides: Partial<ApiClientConfig> = {}): ApiRequest {
  const config: ApiClientConfig = { ...browserDefaults, ...overrides };

  return async function request<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const {
      method = 'POST',
      body,
      query,
      signal,
      timeoutMs = REQUEST_TIMEOUT_MS,
      authenticated = true,
      token: givenToken,
      schema,
      onHeaders,
      responseType = 'json',
    } = options;
    const sendsQuery = method === 'GET' || method === 'DELETE';

    const params = new URLSearchParams();
    if (query) appendQuery(params, query);
    if (sendsQuery && isPlainObject(body)) appendQuery(params, body);
    const search = params.toString();
    const url = `${config.baseUrl}${path}${search ? `?${search}` : ''}`;

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': config.getLanguage(),
      [CLIENT_ID_HEADER]: config.clientId,
    };
    const token = givenToken ?? (authenticated ? config.getToken() : null);
    if (token) headers.Authorization = `Bearer ${token}`;
    const hasBody = !sendsQuery && body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    const fail = (error: ApiError): never => {
      // A request its caller canceled (a closed modal, a new search) is no failure to report.
      if (!error.canceled) {
        config.logError(
          `[api] ${method} ${path} failed (${error.status || error.code}):`,
          error.message,
          error,
        );
      }
      throw error;
    };
    const clientFailure = (code: ClientErrorCode, cause?: unknown) =>
      fail(
        new ApiError({
          message: config.translate(code),
          status: 0,
          code,
          canceled: code === 'error.requestCanceled',
          data: cause,
        }),
      );

    // One controller aborts the fetch, whichever came first: the caller or the timer.
    const controller = new AbortController();
    let abortedBy: 'caller' | 'timeout' | undefined;
    const handleCallerAbort = () => {
      abortedBy ??= 'caller';
      controller.abort(signal?.reason);
    };
    if (signal?.aborted) return clientFailure('error.requestCanceled');
    signal?.addEventListener('abort', handleCallerAbort, { once: true });
    const timer = setTimeout(() => {
      abortedBy ??= 'timeout';
      controller.abort();
    }, timeoutMs);

    let response: Response;
    let data: unknown;
    try {
      response = await config.fetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(body) : undefined,
        signal: controller.signal,
      });
      data = response.ok && responseType === 'blob' ? await response.blob() : await readBody(response);
    } catch (cause) {
      if (abortedBy === 'caller') return clientFailure('error.requestCanceled', cause);
      // No answer in time is no answer: the server is out of reach as far as the app can tell.
      if (authenticated) config.onUnreachable();
      if (abortedBy === 'timeout') return clientFailure('error.timeout', cause);
      return clientFailure('error.network', cause);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', handleCallerAbort);
    }

    if (response.ok) {
      onHeaders?.(response.headers);
      if (CHECKS_ANSWERS && schema && config.checkResponses) {
        const checked = schema.safeParse(data);
        if (!checked.success)
          return fail(
            new ApiError({
              message: `The answer of ${method} ${path} breaks its contract: ${prettifyError(checked.error)}`,
              status: response.status,
              code: 'error.contract',
              data,
            }),
          );
      }
      return data as T;
    }

    const serverError = errorOfBody(data);
    const fallbackCode = response.status >= 500 ? 'error.server' : 'error.generic';
    const error = new ApiError({
      message: serverError?.message ?? config.translate(fallbackCode),
      status: response.status,
      code: serverError?.code ?? fallbackCode,
      fields: serverError?.fields,
      requestId: serverError?.requestId,
      data,
    });
    if (response.status === 401 && authenticated && givenToken === undefined) {
      config.clearSession();
      config.onUnauthorized();
    }
    return fail(error);
  };
}

/**
 * The app's API client (browser defaults): `apiRequest<T>(path, { method, body, query,
 * signal, timeoutMs, schema })`.
 */
export const apiRequest: ApiCall = createApiClient();
