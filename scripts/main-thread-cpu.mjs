/**
 * A page's main-thread work read from a Chrome trace in CPU time (issue 52, decision 283).
 *
 * Lighthouse's simulated blocking time multiplies each task's wall time. On a host whose cores other
 * work shares, a task that waited for a core counts as if the page had needed that time. A trace
 * event's `tdur` is the thread's CPU time for the event: what the page itself cost, whatever else
 * ran. Only the page's renderer main thread is read, never another renderer's (the full browser's UI).
 */

/** The group a trace event's own CPU time is counted in; an event of no group is its parent's. */
export function groupOf(name) {
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/.test(name)) return 'style';
  if (/^(Layout|UpdateLayout)$/.test(name)) return 'layout';
  if (/GC|BlinkGC/.test(name)) return 'gc';
  if (/^(ParseHTML|HTMLDocumentParser)/.test(name)) return 'html';
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|Decode|ImageDecodeTask|PaintImage)/.test(name))
    return 'paint';
  if (/^(EvaluateScript|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|FireIdleCallback|v8\.|V8\.)/.test(name))
    return 'script';
  return null;
}

const TOP = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The main-thread CPU of the document at `documentUrl` (its address as loaded, query included or not):
 * milliseconds of CPU by group (style, layout, script, gc, html, paint, other), all tasks, the longest
 * task after the first contentful paint, and `blockingAt(multiplier)`: each task after that paint
 * counted as Lighthouse counts a task, its CPU time times the multiplier less 50 ms.
 * Answers null when the trace has no parse of that document.
 */
export function mainThreadCpu(traceEvents, documentUrl) {
  const wanted = documentUrl.replace(/[?#].*$/, '');
  const parse = traceEvents.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url?.replace(/[?#].*$/, '') === wanted);
  if (!parse) return null;
  const onThread = traceEvents
    .filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X' && Number.isFinite(event.tdur))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid);
  const firstPaint = paint?.ts ?? Number.POSITIVE_INFINITY;

  // each event's own CPU is its CPU less its children's, counted in its group (or its parent's)
  const groups = { style: 0, layout: 0, script: 0, gc: 0, html: 0, paint: 0, other: 0 };
  const tasks = [];
  const entries = [];
  const stack = [];
  for (const event of onThread) {
    while (stack.length && stack.at(-1).end <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const entry = { event, end: event.ts + event.dur, group: groupOf(event.name) ?? parent?.group ?? 'other', children: 0 };
    if (parent) parent.children += event.tdur;
    else if (TOP.has(event.name)) tasks.push(event);
    stack.push(entry);
    entries.push(entry);
  }
  // a task's own time (outside every event in it) is 'other': the groups add up to the tasks' CPU
  for (const { event, group, children } of entries) groups[group] += Math.max(0, event.tdur - children) / 1000;

  const afterPaint = tasks.filter((task) => task.ts >= firstPaint).map((task) => task.tdur / 1000);
  return {
    ...groups,
    tasksMs: tasks.reduce((sum, task) => sum + task.tdur / 1000, 0),
    longestAfterPaintMs: afterPaint.length ? Math.max(...afterPaint) : 0,
    blockingAt: (multiplier) => afterPaint.reduce((sum, ms) => sum + Math.max(0, ms * multiplier - 50), 0),
  };
}
