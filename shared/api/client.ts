/**
 * The HTTP client for one API host, knowing nothing of sessions (it is given a token source and
 * what to do on a 401). It parses every answer against the call's contract and turns any failure
 * into a typed ApiError: it never throws.
 */
import * as z from 'zod/mini';
import { lazy } from './lazy';
import { takeEarly } from './early';
import { addressOf, type Contract } from './contract';
import { CLIENT_MESSAGES, type ApiError, type ApiResult } from './errors';

export interface ApiClientOptions {
  /** Base URL of the API host; '' is the page's own origin. */
  readonly base: string;
  /** 'Bearer abc…' for the signed-in person, or null. */
  readonly authorization: () => string | null;
  /** An authenticated call answered 401: the session is no longer good. */
  readonly onUnauthorized: () => void;
  readonly fetch?: typeof fetch;
}

const ErrorBody = lazy(() =>
  z.object({
    status: z.optional(z.number()),
    message: z.optional(z.string()),
    errorCode: z.optional(z.nullable(z.string())),
  }),
);

export interface CallOptions {
  /** Overrides the bearer token (the mobile app's one-time token). */
  readonly bearer?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  /** Sent as Idempotency-Key so a retried create does not create twice. */
  readonly idempotencyKey?: string;
}

/** `answer`, or a rejection when `signal` aborts first (the timeout holds for an early answer too). */
function within<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    answer.then(resolve, reject);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

function failure(status: number, message: string, errorCode: string | null): { ok: false; error: ApiError } {
  return { ok: false, error: { status, message, errorCode } };
}

export interface ApiClient {
  /** Where this client's API host is ('' for the page's own origin). */
  readonly base: string;
  /** Calls the API as a contract describes. Never throws. */
  call<Req, Res>(c: Contract<Req, Res>, input: NoInfer<Req>, options?: CallOptions): Promise<ApiResult<Res>>;
  /** Checks a 2xx body the page had before this code came (shared/ui/capture.ts `drawn`) as call() would. */
  read<Req, Res>(c: Contract<Req, Res>, body: unknown): ApiResult<Res>;
  /** Downloads a file of `expectType` from an authenticated GET path. Never throws. */
  download(path: string, expectType: RegExp): Promise<{ ok: true; data: Blob } | { ok: false; error: ApiError }>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.base.replace(/\/+$/, '');
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<Req, Res>(
    c: Contract<Req, Res>,
    input: NoInfer<Req>,
    callOptions: CallOptions = {},
  ): Promise<ApiResult<Res>> {
    const code = c.errorCode;
    const checked = c.request.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return failure(400, `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`, code);
    }
    const req = checked.data;
    const url = base + addressOf(c, req);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const auth = callOptions.bearer ? `Bearer ${callOptions.bearer}` : c.auth ? options.authorization() : null;
    if (c.auth && !auth) return failure(401, CLIENT_MESSAGES.signedOut, code);
    if (auth) headers.Authorization = auth;
    if (callOptions.idempotencyKey) headers['Idempotency-Key'] = callOptions.idempotencyKey;

    let body: string | undefined;
    if (c.method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req);
    }

    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort('timeout'), callOptions.timeoutMs ?? 20_000);
    callOptions.signal?.addEventListener('abort', () => controller.abort(callOptions.signal?.reason), { once: true });

    const ask = () => fetchFn(url, { method: c.method, headers, body, signal: controller.signal, credentials: 'omit' });
    // A GET the loader asked early with this Authorization (early.ts) is taken; if it failed, asked again.
    const early = c.method === 'GET' ? takeEarly(url, auth) : null;
    let response: Response;
    try {
      response = await (early ? within(early, controller.signal).catch(ask) : ask());
    } catch {
      clearTimeout(timeout);
      const timedOut = controller.signal.reason === 'timeout';
      return failure(0, timedOut ? CLIENT_MESSAGES.timeout : CLIENT_MESSAGES.network, code);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    } finally {
      clearTimeout(timeout);
    }

    if (!response.ok) {
      if (response.status === 401 && c.auth && !callOptions.bearer && c.on401 !== 'report') options.onUnauthorized();
      const parsed = ErrorBody.safeParse(json);
      const message = parsed.success && parsed.data.message ? parsed.data.message : CLIENT_MESSAGES.unknown;
      const serverCode = parsed.success ? (parsed.data.errorCode ?? null) : null;
      return failure(response.status, message, serverCode ?? code);
    }

    return read(c, response.status, json);
  }

  /** A 2xx answer's body, checked against the call's contract. */
  function read<Res>(
    c: Pick<Contract<never, Res>, 'response' | 'errorCode'>,
    status: number,
    json: unknown,
  ): ApiResult<Res> {
    const envelope = z.object({ message: z.optional(z.string()), data: c.response }).safeParse(json);
    if (!envelope.success) return failure(status, CLIENT_MESSAGES.malformed, c.errorCode);
    return { ok: true, data: envelope.data.data as Res, message: envelope.data.message ?? '' };
  }

  const download: ApiClient['download'] = async (path, expectType) => {
    const auth = options.authorization();
    if (!auth) return failure(401, CLIENT_MESSAGES.signedOut, null);
    let response: Response;
    try {
      response = await fetchFn(base + path, { headers: { Authorization: auth }, credentials: 'omit' });
    } catch {
      return failure(0, CLIENT_MESSAGES.network, null);
    }
    if (!response.ok) {
      if (response.status === 401) options.onUnauthorized();
      let message: string = CLIENT_MESSAGES.unknown;
      try {
        const parsed = ErrorBody.safeParse(await response.json());
        if (parsed.success && parsed.data.message) message = parsed.data.message;
      } catch {
        /* not JSON */
      }
      return failure(response.status, message, null);
    }
    if (!expectType.test(response.headers.get('Content-Type') ?? ''))
      return failure(response.status, CLIENT_MESSAGES.malformed, null);
    return { ok: true, data: await response.blob() };
  };

  return { base, call, read: (c, body) => read(c, 200, body), download };
}
