// @vitest-environment node
// The http layer's use of the portal's contracts: a body is read with the contract's fields (the server's own rules
// replacing some), and an answer that the portal could not read never leaves the sandbox.
import { z } from 'zod';
import * as zm from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { answer, contractBody, HttpError, validate } from './http.js';

const contract = {
  request: zm.object({ email: zm.string(), count: zm.number(), note: zm.optional(zm.string()) }),
  response: zm.object({ id: zm.number() }),
};

describe('contractBody', () => {
  const Body = contractBody(contract, {
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'must be a valid email' })),
  });

  it('checks the contract fields the server has no rule for, as the portal does', () => {
    expect(validate(Body, { email: ' A@Example.org ', count: 2 })).toEqual({ email: 'a@example.org', count: 2 });
    expect(() => validate(Body, { email: 'a@example.org' })).toThrow('count: is required');
    expect(() => validate(Body, { email: 'a@example.org', count: 1, note: 5 })).toThrow('note: must be a string');
  });

  it('checks the fields it has rules for its own way', () => {
    expect(() => validate(Body, { email: 'not mail', count: 1 })).toThrow('email: must be a valid email');
  });

  it('refuses a contract whose request is not an object', () => {
    expect(() => contractBody({ ...contract, request: zm.array(zm.string()) } as never)).toThrow(
      /not an object schema/,
    );
  });
});

describe('answer', () => {
  it('answers data that fits the contract in the success envelope', () => {
    expect(answer(contract, 'Done.', { id: 7 })).toEqual({
      type: 'json',
      status: 200,
      body: { status: 200, message: 'Done.', data: { id: 7 } },
    });
  });

  it("refuses data the portal could not read, as the sandbox's own error (not an answer)", () => {
    let thrown: unknown;
    try {
      answer(contract, 'Done.', { id: 'seven' } as never);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(HttpError);
    expect(String(thrown)).toMatch(/does not fit the portal's contract/);
  });
});
