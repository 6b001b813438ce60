// The examples menu: opens a bundled example session (reopening an untouched saved copy of it).
import { usePlayground } from '../../state/playground.tsx';
import { isRunning } from '../../state/run-machine.ts';
import { EXAMPLES, useExampleTitles } from '../../state/examples.ts';
import { useOpenBundled } from '../../state/open-example.ts';
import { TOP_BUTTON } from '../../components/buttons.ts';

export function ExamplesMenu() {
  const openBundled = useOpenBundled();
  const title = usePlayground((s) => s.view?.setup.definition.title ?? null);
  const running = usePlayground((s) => isRunning(s.machine));
  const titles = useExampleTitles();

  const labelOf = (path: string, name: string) => titles.data?.[path] ?? name;
  // The open session is shown as its example while its title matches one.
  const current = EXAMPLES.find((e) => title !== null && titles.data?.[e.path] === title)?.path ?? '';

  const openExample = async (path: string) => {
    const entry = EXAMPLES.find((e) => e.path === path);
    // Where sessions are saved, an untouched saved copy of this example is reopened rather than copied again.
    if (entry) await openBundled(entry);
  };

  return (
    <>
      <label className="sr-only" htmlFor="examples-menu">
        Example
      </label>
      <select
        id="examples-menu"
        data-testid="examples-menu"
        className={`${TOP_BUTTON} w-32 shrink-0 truncate`}
        value={current}
        disabled={running}
        title="Open a bundled example session"
        onChange={(e) => void openExample(e.target.value)}
      >
        <option value="" disabled>
          {title === null ? 'Examples…' : 'Examples… (session not from an example)'}
        </option>
        {EXAMPLES.map((e) => (
          <option key={e.path} value={e.path}>
            {labelOf(e.path, e.name)}
          </option>
        ))}
      </select>
    </>
  );
}
