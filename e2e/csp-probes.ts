// What the Content Security Policy tests run in a page, whatever drives the browser. Each function is
// sent to the page as its text, so it uses nothing from this module's scope.

/** Evaluates a string from a timer callback, as page code would (a driver's own script may be exempt); the error's name when refused. */
export function evalFromTimer(): Promise<string> {
  return new Promise((resolve) =>
    setTimeout(() => {
      try {
        resolve(String((0, eval)('1 + 1')));
      } catch (e) {
        resolve((e as Error).name);
      }
    }, 0),
  );
}
