// @vitest-environment node
/**
 * Every call the portal has a contract for (shared/api) has its route in the sandbox, with the same method and path:
 * a renamed or moved call on either side fails here, before any browser test runs.
 */
import { describe, expect, it } from 'vitest';
import * as account from '../../shared/api/account';
import * as admin from '../../shared/api/admin';
import * as auth from '../../shared/api/auth';
import * as credits from '../../shared/api/credits';
import * as donations from '../../shared/api/donations';
import * as history from '../../shared/api/history';
import * as subscription from '../../shared/api/subscription';
import * as survey from '../../shared/api/survey';
import * as wallet from '../../shared/api/wallet';
import { ROUTES } from '../../sandbox/app';
import { Router } from '../../sandbox/core/http';

interface AnyContract {
  method: string;
  path: string | ((req: never) => string);
}
const isContract = (v: unknown): v is AnyContract =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'request' in v && 'response' in v;

const MODULES = { account, admin, auth, credits, donations, history, subscription, survey, wallet };
const CONTRACTS = Object.entries(MODULES).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => isContract(v))
    .map(([name, c]) => [`${module}.${name}`, c as AnyContract] as const),
);
/** Paths with ids are built for one. */
const pathOf = (c: AnyContract) =>
  typeof c.path === 'function' ? (c.path as (req: { id: number }) => string)({ id: 1 }) : c.path;

describe("the portal's calls and the sandbox's routes", () => {
  const router = new Router(ROUTES);

  it('finds the contracts', () => {
    expect(CONTRACTS.length).toBeGreaterThan(50);
  });

  it('has a route with the same method and path for every contract', () => {
    const missing = CONTRACTS.filter(([, c]) => router.match(c.method, pathOf(c)).kind !== 'found').map(
      ([name, c]) => `${name}: ${c.method} ${pathOf(c)}`,
    );
    expect(missing).toEqual([]);
  });
});
