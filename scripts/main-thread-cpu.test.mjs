import { describe, expect, it } from 'vitest';
import { groupOf, mainThreadCpu } from './main-thread-cpu.mjs';

const PAGE = { pid: 10, tid: 1 };
const UI = { pid: 20, tid: 1 };
/** A complete event: start and wall duration in ms, CPU in ms (trace units are µs). */
const task = (thread, name, startMs, wallMs, cpuMs, args) => ({
  ...thread,
  ph: 'X',
  name,
  ts: startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
  ...(args ? { args } : {}),
});

const trace = [
  task(PAGE, 'RunTask', 0, 30, 20),
  task(PAGE, 'ParseHTML', 1, 20, 12, { beginData: { url: 'http://127.0.0.1:3000/loanDetails?sessionId=abc' } }),
  task(PAGE, 'UpdateLayoutTree', 5, 4, 3),
  { ...PAGE, ph: 'I', name: 'firstContentfulPaint', ts: 40_000 },
  // after the paint: a module evaluated in a task that waited for a core (wall 200 ms, CPU 40 ms)
  task(PAGE, 'RunTask', 100, 200, 40),
  task(PAGE, 'v8.evaluateModule', 100, 200, 40),
  task(PAGE, 'Layout', 150, 10, 8),
  task(PAGE, 'RunTask', 400, 12, 10),
  task(PAGE, 'FunctionCall', 400, 12, 10),
  // the full browser's own UI renderer, busy at the same time: not the page's
  task(UI, 'RunTask', 100, 300, 290),
  task(UI, 'ParseHTML', 100, 10, 10, { beginData: { url: 'chrome://omnibox-popup.top-chrome/' } }),
];

describe('mainThreadCpu', () => {
  it("counts each event's own CPU in its group, on the page's main thread only", () => {
    const cpu = mainThreadCpu(trace, 'http://127.0.0.1:3000/loanDetails?sessionId=abc');
    expect(cpu.html).toBe(9);
    expect(cpu.style).toBe(3);
    expect(cpu.layout).toBe(8);
    expect(cpu.script).toBe(32 + 10);
    expect(cpu.other).toBe(8);
    expect(cpu.tasksMs).toBe(70);
    expect(cpu.html + cpu.style + cpu.layout + cpu.script + cpu.gc + cpu.paint + cpu.other).toBe(cpu.tasksMs);
  });

  it('counts blocking time from CPU after the first contentful paint, as Lighthouse counts a task', () => {
    const cpu = mainThreadCpu(trace, 'http://127.0.0.1:3000/loanDetails');
    expect(cpu.longestAfterPaintMs).toBe(40);
    // 40 ms × 4 − 50 = 110; 10 ms × 4 = 40 is no long task; the task before the paint is not counted
    expect(cpu.blockingAt(4)).toBe(110);
    expect(cpu.blockingAt(6)).toBe(190 + 10);
  });

  it('answers null when the trace has no parse of the document', () => {
    expect(mainThreadCpu(trace, 'http://127.0.0.1:3000/main')).toBeNull();
  });

  it('groups style, layout and script work by trace event name', () => {
    expect(groupOf('UpdateLayoutTree')).toBe('style');
    expect(groupOf('Layout')).toBe('layout');
    expect(groupOf('v8.evaluateModule')).toBe('script');
    expect(groupOf('MinorGC')).toBe('gc');
    expect(groupOf('Receive mojo message')).toBeNull();
  });
});
