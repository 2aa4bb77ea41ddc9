// Lists answered a page at a time: which page (read from the query by core/http.ts `paging`), and one query that
// gives a page of rows with the total.
import type { Db } from './db.js';

export interface Paging {
  perPage: number;
  /** from 1 */
  page: number;
}

export interface Paged<T> {
  data: T[];
  total: number;
}

export interface PageQuery {
  /** the columns, default `*` */
  columns?: string;
  /** `FROM … WHERE …`, with `?` for `args` */
  from: string;
  orderBy: string;
  args?: readonly unknown[];
}

/** One page of rows and how many there are in all. */
export function selectPage<R>(db: Db, query: PageQuery, p: Paging): Paged<R> {
  const args = query.args ?? [];
  const total = db
    .prepare(`SELECT COUNT(*) ${query.from}`)
    .pluck()
    .get(...args) as number;
  const data = db
    .prepare(`SELECT ${query.columns ?? '*'} ${query.from} ORDER BY ${query.orderBy} LIMIT ? OFFSET ?`)
    .all(...args, p.perPage, (p.page - 1) * p.perPage) as R[];
  return { data, total };
}

/** A page with each row turned into what the answer shows. */
export function mapPage<R, T>(page: Paged<R>, map: (row: R) => T): Paged<T> {
  return { data: page.data.map(map), total: page.total };
}
