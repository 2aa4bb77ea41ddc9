/**
 * The long tasks of a page's load, read from a DevTools trace (tools/long-tasks.ts records it): each task over a
 * length on the page's main thread, with what ran in it, and the lines it prints. Pure: tested with made-up events
 * (trace-tasks.test.ts).
 */

/** A trace event as Chromium reports it (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

/** What ran in a task, and for how long (ms). */
export interface Step {
  what: string;
  ms: number;
}

/** One piece of a task: an outermost step, and the steps inside it worth a line. */
export interface Piece extends Step {
  inside: Step[];
}

export interface LongTask {
  /** Since the navigation (ms). */
  start: number;
  ms: number;
  /** Finding fonts in it: the renderer asking for a family or a size of it (Linux asks the browser process). */
  fontsMs: number;
  pieces: Piece[];
}

/** The trace events a piece is made of, and how each is named. */
const PIECES: Record<string, (data: Record<string, unknown>) => string> = {
  ParseHTML: () => 'parse',
  EvaluateScript: (d) => `script ${fileOf(d)}`,
  'v8.evaluateModule': () => 'modules',
  FunctionCall: (d) => `call ${fileOf(d)}${d.functionName ? ` ${String(d.functionName)}` : ''}`,
  TimerFire: () => 'timer',
  FireAnimationFrame: () => 'animation frame',
  EventDispatch: (d) => `event ${String(d.type ?? '')}`,
  XHRReadyStateChange: () => 'request',
  UpdateLayoutTree: () => 'style',
  Layout: () => 'layout',
  PrePaint: () => 'paint',
  Paint: () => 'paint',
  Layerize: () => 'paint',
  Commit: () => 'paint',
  MajorGC: () => 'garbage collection',
  MinorGC: () => 'garbage collection',
};
const FONTS = new Set([
  'FontDataManager::onMatchFamilyStyle',
  'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
]);
/** Pieces shorter than this are left out (ms). */
const SMALLEST = 2;

const fileOf = (data: Record<string, unknown>) => {
  const url = String(data.url ?? '');
  // An inline script is named by the page's address: said by its line.
  return /\/(#.*)?$/.test(url) || url === ''
    ? `inline (line ${Number(data.lineNumber ?? 0) + 1})`
    : url.replace(/^.*\//, '');
};

/**
 * Events of `events` within [from, to] as pieces: each outermost one, with every one inside it (a forced layout in a
 * script, a call in a timer) in the order they ran.
 */
function piecesOf(events: readonly TraceEvent[], from: number, to: number): Piece[] {
  const within = events.filter(
    (e) => e.ts >= from && e.ts + e.dur! <= to && PIECES[e.name] && e.dur! / 1000 >= SMALLEST,
  );
  // Whether `o` holds `e`: within its bounds, and not the same bounds met later (the trace lists a parent first).
  const holds = (o: TraceEvent, j: number, e: TraceEvent, i: number) =>
    o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && (o.ts < e.ts || o.dur! > e.dur! || j < i);
  const step = (e: TraceEvent): Step => ({
    what: PIECES[e.name]!(e.args?.data ?? e.args?.beginData ?? {}),
    ms: e.dur! / 1000,
  });
  return within.flatMap((e, i) =>
    within.some((o, j) => holds(o, j, e, i))
      ? []
      : [{ ...step(e), inside: within.filter((o, j) => holds(e, i, o, j)).map(step) }],
  );
}

/**
 * The long tasks of a page's load in a trace: the tasks over `overMs` on the thread that parsed the page at `url` (its
 * main thread), from its navigation on.
 */
export function longTasks(events: readonly TraceEvent[], url: string, overMs: number): LongTask[] {
  const page = (address: unknown) => String(address ?? '').replace(/#.*$/, '') === url.replace(/#.*$/, '');
  const parse = events.find((e) => e.name === 'ParseHTML' && page(e.args?.beginData?.url));
  if (!parse) throw new Error(`The trace has no parse of ${url}`);
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.pid === parse.pid && page(e.args?.data?.documentLoaderURL),
  );
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const since = navigation?.ts ?? parse.ts;
  return main
    .filter((e) => e.name === 'RunTask' && e.ts >= since && e.dur! / 1000 > overMs)
    .map((task) => {
      const end = task.ts + task.dur!;
      return {
        start: (task.ts - since) / 1000,
        ms: task.dur! / 1000,
        fontsMs:
          events
            .filter((e) => FONTS.has(e.name) && e.pid === parse.pid && e.ts >= task.ts && e.ts <= end)
            .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
        pieces: piecesOf(main, task.ts, end),
      };
    });
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** The lines a task prints: its start and length, then each piece, those inside it indented. */
export function describe(task: LongTask): string[] {
  const line = (step: Step) => `${step.what} ${ms(step.ms)}`;
  return [
    `${ms(task.start).padStart(8)}  ${ms(task.ms).padStart(6)}${task.fontsMs >= 1 ? `  (finding fonts ${ms(task.fontsMs)})` : ''}`,
    ...task.pieces.map(
      (piece) => `            ${line(piece)}${piece.inside.length ? `: ${piece.inside.map(line).join(', ')}` : ''}`,
    ),
  ];
}

/**
 * What a traced load gave: its long tasks, its first contentful paint and its blocking time (ms): from that paint, as
 * Lighthouse counts it, and from the navigation.
 */
export interface TracedLoad {
  tasks: LongTask[];
  fcp: number | null;
  blocking: number;
  blockingFromStart: number;
}

/** The lines a load prints: what it was, its paint and blocking time, then each long task. */
export function describeLoad(name: string, load: TracedLoad): string[] {
  return [
    `${name}: first contentful paint ${load.fcp === null ? '-' : ms(load.fcp)}, TBT ${ms(load.blocking)} (from the start ${ms(load.blockingFromStart)})`,
    ...load.tasks.flatMap(describe),
  ];
}
