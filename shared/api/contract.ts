/** What one API call is, written with `get` and `post`; client.ts runs them, the sandbox validates with them. */
import * as z from 'zod/mini';
import type { ErrorCode } from './errors';
import { lazy } from './lazy';

export interface Contract<Req, Res> {
  readonly method: 'GET' | 'POST';
  /** Path on the API host; a function for paths with ids. */
  readonly path: string | ((req: Req) => string);
  /** Sends the person's Authorization header (and a 401 signs them out). */
  readonly auth: boolean;
  /** 'report': a 401 is returned without signing out (payment lists' 'Happy Sabbath!'). */
  readonly on401: 'sign-out' | 'report';
  readonly request: z.ZodMiniType<Req>;
  readonly response: z.ZodMiniType<Res>;
  /** Catalogue code given to failures of this call when the server names none. */
  readonly errorCode: ErrorCode | null;
  /** GET calls: which request fields go into the query string. */
  readonly query?: ((req: Req) => Record<string, string>) | undefined;
}

export interface ContractOptions<Req> {
  /** false: an anonymous call (default true). */
  readonly auth?: boolean;
  readonly on401?: 'sign-out' | 'report';
  readonly errorCode?: ErrorCode;
  readonly query?: (req: Req) => Record<string, string>;
}

/** An empty request. */
export const NoBody = lazy(() => z.object({}));
/** Any answer whose data is not read. */
export const Ignored = lazy(() => z.unknown());

function define<ReqS extends z.ZodMiniType, ResS extends z.ZodMiniType>(
  method: 'GET' | 'POST',
  path: string | ((req: z.infer<ReqS>) => string),
  request: ReqS,
  response: ResS,
  options: ContractOptions<z.infer<ReqS>>,
): Contract<z.infer<ReqS>, z.infer<ResS>> {
  return {
    method,
    path,
    auth: options.auth ?? true,
    on401: options.on401 ?? 'sign-out',
    request: request as z.ZodMiniType<z.infer<ReqS>>,
    response: response as z.ZodMiniType<z.infer<ResS>>,
    errorCode: options.errorCode ?? null,
    query: options.query,
  };
}

/** A GET call; `request` holds what goes into the query string or the path. */
export function get<ResS extends z.ZodMiniType, ReqS extends z.ZodMiniType = typeof NoBody>(
  path: string | ((req: z.infer<ReqS>) => string),
  response: ResS,
  options: ContractOptions<z.infer<ReqS>> & { readonly request?: ReqS } = {},
): Contract<z.infer<ReqS>, z.infer<ResS>> {
  return define('GET', path, (options.request ?? NoBody) as ReqS, response, options);
}

/** A POST call with a JSON body. */
export function post<ReqS extends z.ZodMiniType, ResS extends z.ZodMiniType>(
  path: string | ((req: z.infer<ReqS>) => string),
  request: ReqS,
  response: ResS,
  options: ContractOptions<z.infer<ReqS>> = {},
): Contract<z.infer<ReqS>, z.infer<ResS>> {
  return define('POST', path, request, response, options);
}

/** A checked request's path and GET query, as the client asks and `data-sm-early` names it. */
export function addressOf<Req>(c: Contract<Req, unknown>, req: Req): string {
  const path = typeof c.path === 'function' ? c.path(req) : c.path;
  const search = c.method === 'GET' && c.query ? new URLSearchParams(c.query(req)).toString() : '';
  return search ? `${path}?${search}` : path;
}
