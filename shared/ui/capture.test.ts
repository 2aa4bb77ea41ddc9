import { describe, expect, it, vi } from 'vitest';
import { handToModel, type Capture } from './capture';

describe('handing a capture to a new model', () => {
  it('gives it the answer its first view drew, once: a model made again later asks for its own', () => {
    const capture: Capture = {
      fields: { email: 'a@example.org', '#2': 'true' },
      actions: ['subscribe'],
      drawn: { data: [1] },
    };
    const model = { startFrom: vi.fn(), setEmail: vi.fn(), submit: vi.fn() };
    const replay = {
      drawn: (m: typeof model, body: unknown) => m.startFrom(body),
      fields: { email: (m: typeof model, v: string) => m.setEmail(v) },
      actions: { subscribe: (m: typeof model) => m.submit() },
    };
    handToModel(capture, model, replay);
    expect(model.startFrom).toHaveBeenCalledWith({ data: [1] });
    expect(model.setEmail).toHaveBeenCalledWith('a@example.org');
    expect(model.submit).toHaveBeenCalledTimes(1);
    // What it took is gone; what it does not take by name stays for the view's replay.
    expect(capture).toEqual({ fields: { '#2': 'true' }, actions: [] });
    const again = { startFrom: vi.fn(), setEmail: vi.fn(), submit: vi.fn() };
    handToModel(capture, again, replay);
    expect(again.startFrom).not.toHaveBeenCalled();
  });

  it('keeps a drawn answer for a model that does not start from one', () => {
    const capture: Capture = { fields: {}, actions: [], drawn: { data: [1] } };
    handToModel(capture, {}, {});
    expect(capture.drawn).toEqual({ data: [1] });
  });
});
