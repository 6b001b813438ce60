// The bundled example sessions (examples/*.json). Each file is its own chunk, fetched when first
// needed; the titles are read from the files themselves.
import { useQuery } from '@tanstack/react-query';

export interface ExampleEntry {
  /** The module path, e.g. "/examples/reviews-and-inventory.json". */
  path: string;
  /** The file name without ".json". */
  name: string;
  load: () => Promise<string>;
}

const loaders = import.meta.glob<string>('/examples/*.json', { query: '?raw', import: 'default', eager: false });

export const EXAMPLES: readonly ExampleEntry[] = Object.keys(loaders)
  .sort()
  .map((path) => ({ path, name: path.replace(/^.*\//, '').replace(/\.json$/, ''), load: loaders[path] }));

/** The example opened when the page loads, so it is never empty. */
export const DEFAULT_EXAMPLE = 'reviews-and-inventory';

export function findExample(name: string): ExampleEntry | undefined {
  return EXAMPLES.find((e) => e.name === name);
}

/** The title a session file declares (its file name when it has none or is not JSON). */
export function titleOf(text: string, fallback: string): string {
  try {
    const json = JSON.parse(text) as { title?: unknown };
    return typeof json.title === 'string' && json.title.trim() !== '' ? json.title : fallback;
  } catch {
    return fallback;
  }
}

interface ExampleFiles {
  readonly texts: Readonly<Record<string, string>>;
  readonly titles: Readonly<Record<string, string>>;
}

/** Every example's text and title, by path; each loads once (they are small). */
const exampleFiles = {
  queryKey: ['example-files'],
  queryFn: async (): Promise<ExampleFiles> => {
    const texts = await Promise.all(EXAMPLES.map((e) => e.load()));
    return {
      texts: Object.fromEntries(EXAMPLES.map((e, i) => [e.path, texts[i]])),
      titles: Object.fromEntries(EXAMPLES.map((e, i) => [e.path, titleOf(texts[i], e.name)])),
    };
  },
};

export function useExampleTexts() {
  return useQuery({ ...exampleFiles, select: (files: ExampleFiles) => files.texts });
}

/** Titles of all examples, by path. */
export function useExampleTitles() {
  return useQuery({ ...exampleFiles, select: (files: ExampleFiles) => files.titles });
}

/** A file name for a session title: characters file systems refuse become "-". */
export function fileNameFor(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are among those refused
  const clean = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim();
  return `${clean === '' ? 'session' : clean}.json`;
}

/** Saves a session file through the browser's download (nothing leaves the machine). */
export function downloadSession(sessionText: string, title: string): void {
  const url = URL.createObjectURL(new Blob([sessionText], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameFor(title);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
