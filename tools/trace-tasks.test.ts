import { describe as suite, expect, it } from 'vitest';
import { describeLoad, longTasks, type TraceEvent } from './trace-tasks';

const PAGE = 'http://127.0.0.1:4000/#/top-up';
/** A complete event ('X') on the page's main thread (pid 1, tid 1) unless said, times in ms. */
const x = (name: string, at: number, ms: number, data: Record<string, unknown> = {}, thread = 1): TraceEvent => ({
  name,
  ph: 'X',
  ts: at * 1000,
  dur: ms * 1000,
  pid: 1,
  tid: thread,
  args: { data },
});

/** A load: navigation at 100 ms, the parse with its inline script, a frame, a timer; and another thread's long task. */
const LOAD: TraceEvent[] = [
  { name: 'navigationStart', ph: 'R', ts: 100_000, pid: 1, tid: 1, args: { data: { documentLoaderURL: PAGE } } },
  // A task before the navigation, on an earlier page: not this load's.
  x('RunTask', 20, 90),
  x('RunTask', 300, 80),
  { ...x('ParseHTML', 301, 78), args: { beginData: { url: PAGE } } },
  x('EvaluateScript', 305, 50, { url: 'http://127.0.0.1:4000/', lineNumber: 10 }),
  x('RunTask', 500, 120),
  x('UpdateLayoutTree', 502, 20),
  x('Layout', 523, 70),
  x('FontDataManager::onMatchFamilyStyle', 530, 12, {}, 2),
  x('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike', 560, 8, {}, 2),
  x('Paint', 600, 1.5),
  // A short task: not listed.
  x('RunTask', 700, 30),
  x('RunTask', 800, 60),
  x('TimerFire', 800, 60),
  x('FunctionCall', 800, 60, { url: 'http://127.0.0.1:4000/assets/runtime-abc.js', functionName: 'ie' }),
  x('Layout', 845, 10),
  // Another thread's task (a worker): not the page's main thread.
  x('RunTask', 900, 200, {}, 3),
];

suite('the long tasks of a traced load', () => {
  it("lists the main thread's tasks over the length from the navigation on, each with what ran in it", () => {
    const tasks = longTasks(LOAD, PAGE, 40);
    expect(tasks.map((t) => [t.start, t.ms])).toEqual([
      [200, 80],
      [400, 120],
      [700, 60],
    ]);
    expect(tasks[0]!.pieces).toEqual([
      { what: 'parse', ms: 78, inside: [{ what: 'script inline (line 11)', ms: 50 }] },
    ]);
    expect(tasks[1]!.pieces.map((p) => [p.what, p.ms])).toEqual([
      ['style', 20],
      ['layout', 70],
    ]);
    // The timer and the call it made have the same bounds: one piece, with the call and the layout it forced inside.
    expect(tasks[2]!.pieces).toEqual([
      {
        what: 'timer',
        ms: 60,
        inside: [
          { what: 'call runtime-abc.js ie', ms: 60 },
          { what: 'layout', ms: 10 },
        ],
      },
    ]);
  });

  it('counts the time spent finding fonts in a task, on any thread of the page', () => {
    expect(longTasks(LOAD, PAGE, 40).map((t) => t.fontsMs)).toEqual([0, 20, 0]);
  });

  it('prints the load, then each task and its pieces', () => {
    const tasks = longTasks(LOAD, PAGE, 40);
    expect(
      describeLoad('portal /#/top-up, load 1', { tasks, fcp: 512.4, blocking: 60, blockingFromStart: 110 }),
    ).toEqual([
      'portal /#/top-up, load 1: first contentful paint 512 ms, TBT 60 ms (from the start 110 ms)',
      '  200 ms   80 ms',
      '            parse 78 ms: script inline (line 11) 50 ms',
      '  400 ms  120 ms  (finding fonts 20 ms)',
      '            style 20 ms',
      '            layout 70 ms',
      '  700 ms   60 ms',
      '            timer 60 ms: call runtime-abc.js ie 60 ms, layout 10 ms',
    ]);
  });

  it('says so when the trace holds no parse of the page', () => {
    expect(() => longTasks(LOAD, 'http://127.0.0.1:4000/other.html', 40)).toThrow(/no parse/);
  });
});
