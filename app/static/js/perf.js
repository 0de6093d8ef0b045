// How long each interaction takes to reach the screen, as User Timing measures (performance.measure) that
// bench/calculator_bench.py reads: "calculator:<view>" with detail {rows, request, render, total} in ms.
// request = waiting for the service, render = from its answer until the browser has laid out and painted.

/** Resolves after the next frame has been painted (a task queued from a frame callback runs after paint). */
export function afterPaint() {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

export class Interaction {
  constructor(view) {
    this.view = view;
    this.start = performance.now();
    this.answered = null;
  }

  /** The service answered. */
  answer() {
    this.answered = performance.now();
  }

  /** The view is in the document: force its layout now, record once it is painted. */
  async rendered(element, rows) {
    const built = performance.now();
    void element?.offsetHeight; // layout now, inside the measured time
    await afterPaint();
    const end = performance.now();
    const answered = this.answered ?? this.start;
    const detail = {
      rows, request: answered - this.start, build: built - answered, render: end - answered, total: end - this.start,
    };
    try {
      performance.measure(`calculator:${this.view}`, { start: this.start, end, detail });
    } catch {
      // an old browser without User Timing level 3: nothing is recorded
    }
    return detail;
  }
}
