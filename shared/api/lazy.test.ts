import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { lazy } from './lazy';

describe('lazy', () => {
  it('builds nothing until the schema is first used, then once', () => {
    let built = 0;
    const Point = lazy(() => {
      built += 1;
      return z.object({ x: z.number(), y: z.number() });
    });
    expect(built).toBe(0);
    expect(Point.safeParse({ x: 1, y: 2 }).success).toBe(true);
    expect(Point.safeParse({ x: 'a' }).success).toBe(false);
    expect(built).toBe(1);
  });

  it('works inside other schemas, as zod builds and checks them', () => {
    const Country = lazy(() => z.object({ code: z.string() }));
    const Profile = lazy(() => z.object({ name: z.string(), country: z.nullable(Country) }));
    const Priced = lazy(() => z.extend(Country, { rate: z.number() }));
    expect(Profile.parse({ name: 'Ana', country: null })).toEqual({ name: 'Ana', country: null });
    expect(Profile.safeParse({ name: 'Ana', country: { code: 1 } }).success).toBe(false);
    expect(Priced.parse({ code: 'PH', rate: 56 })).toEqual({ code: 'PH', rate: 56 });
    expect(Country instanceof z.ZodMiniObject).toBe(true);
    expect('_zod' in Country).toBe(true);
  });
});
