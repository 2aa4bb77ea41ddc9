/**
 * What a person did to a prerendered tag before its code arrived, as the loader (widgets/loader.ts) records it:
 * text typed per field `name`, actions per `data-sm-action`, the focus, and any data its first view drew
 * (widgets/survey/survey.draw.ts). The element takes it once (shared/boot/page.ts takeBoot) and hands it to its
 * model before React hydrates, so what the model renders is what the person sees.
 */

import type { Capture } from '../boot/boot';

export type { Capture };

/**
 * How a model takes a capture before React hydrates (so the first render shows it): a setter per field name, an
 * action per `data-sm-action` name. The rest is replayed on the hydrated view (replayCapture).
 */
export interface Replay<M> {
  readonly fields?: Readonly<Record<string, (model: M, value: string) => void>>;
  readonly actions?: Readonly<Record<string, (model: M) => void>>;
  /** Starts the model from the answer its first view drew (Capture `drawn`). */
  readonly drawn?: (model: M, body: unknown) => void;
}

/** Gives a new model what it takes by name, and leaves the rest of the capture for replayCapture. */
export function handToModel<M>(capture: Capture, model: M, replay: Replay<M>): void {
  if (capture.drawn !== undefined && replay.drawn) {
    replay.drawn(model, capture.drawn);
    // Once: a model made again later (the element's api-base changed) asks its own host.
    delete capture.drawn;
  }
  for (const [name, value] of Object.entries(capture.fields)) {
    const take = replay.fields?.[name];
    if (!take) continue;
    take(model, value);
    delete capture.fields[name];
  }
  for (const action of capture.actions.filter((a) => replay.actions?.[a])) {
    capture.actions.splice(capture.actions.indexOf(action), 1);
    replay.actions![action]!(model);
  }
}

/** The controls of a shadow root in document order: a capture's '#n' is the n-th. */
const CONTROLS = 'button, input, select, textarea';

/**
 * Hands the rest of a capture (after the model's own replay in useModel) to the hydrated view as if done now: each
 * field's text and choice reaches the view's change handlers (so the model has it), caret and focus stay, and the
 * buttons pressed are pressed again in order.
 */
export function replayCapture(root: ShadowRoot, capture: Capture): void {
  const controls = [...root.querySelectorAll<HTMLInputElement>(CONTROLS)];
  const at = (key: string) =>
    key.startsWith('#')
      ? controls[Number(key.slice(1))]
      : root.querySelector<HTMLInputElement>(`[name="${CSS.escape(key)}"]`);
  for (const [key, value] of Object.entries(capture.fields)) {
    const field = at(key.startsWith('@') ? value : key);
    if (!field) continue;
    if (field.type === 'radio' || field.type === 'checkbox') {
      // A box left as the markup had it (chosen, then taken back) is as the view starts: a click would choose it.
      if (field.type === 'checkbox' && value === String(field.defaultChecked)) continue;
      // Through the element's own setter (React follows it), then a click: the view sees the change.
      field.checked = field.type === 'checkbox' ? value !== 'true' : false;
      field.click();
    } else {
      const selection = root.activeElement === field ? selectionOf(field) : null;
      // The prototype's setter leaves React's record of the old value, so the input event is a change to it.
      for (const text of ['', value]) {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      if (selection) field.setSelectionRange(...selection);
    }
  }
  for (const action of capture.actions.splice(0))
    (action.startsWith('#')
      ? at(action)
      : root.querySelector<HTMLElement>(`[data-sm-action="${CSS.escape(action)}"]`)
    )?.click();
}

function selectionOf(field: HTMLInputElement): [number, number] | null {
  try {
    return field.selectionStart === null ? null : [field.selectionStart, field.selectionEnd ?? field.selectionStart];
  } catch {
    return null; // a field without a caret (number, range)
  }
}
