// The gallery's catalogue: every bundled session, the examples (examples/*.json) and the benchmark
// set (bench/sessions/*.json), each file its own chunk fetched when the gallery first opens. A card is
// read from the file itself: title, description (the mission when there is none) and tags.
import { useQuery } from '@tanstack/react-query';
import { KNOWN_TAGS, TAG_VOCABULARY, isKnownTag } from '../../../session/tags.ts';
import { EXAMPLES, titleOf } from '../../state/examples.ts';
import type { BundledSession } from '../../state/open-example.ts';

export type GallerySource = 'example' | 'bench';

export interface GalleryEntry extends BundledSession {
  /** The module path, e.g. "/bench/sessions/log-analysis.json". */
  readonly path: string;
  readonly source: GallerySource;
}

export interface GalleryCard {
  readonly title: string;
  readonly description: string;
  readonly tags: readonly string[];
  /** Turns already recorded in the file. */
  readonly turns: number;
}

const benchLoaders = import.meta.glob<string>('/bench/sessions/*.json', { query: '?raw', import: 'default', eager: false });

const fileName = (path: string) => path.replace(/^.*\//, '').replace(/\.json$/, '');

/** The bundled sessions in gallery order: the examples, then the benchmark set, each by file name. */
export const GALLERY: readonly GalleryEntry[] = [
  ...EXAMPLES.map((e): GalleryEntry => ({ ...e, source: 'example' })),
  ...Object.keys(benchLoaders)
    .sort()
    .map((path): GalleryEntry => ({ path, name: fileName(path), load: benchLoaders[path], source: 'bench' })),
];

export const SOURCE_LABELS: Record<GallerySource, string> = { example: 'Example', bench: 'Benchmark' };

/** A card from a session file's text (its file name as title when it is not JSON). */
export function cardOf(text: string, fallback: string): GalleryCard {
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    // Shown with its file name; opening it reports the problem.
  }
  const description =
    typeof json.description === 'string' && json.description.trim() !== '' ? json.description : typeof json.mission === 'string' ? json.mission : '';
  const tags = Array.isArray(json.tags) ? json.tags.filter((t): t is string => typeof t === 'string') : [];
  return { title: titleOf(text, fallback), description, tags: [...new Set(tags)], turns: Array.isArray(json.turns) ? json.turns.length : 0 };
}

/** Every entry's card, by path; loads the files when `enabled` first holds. */
export function useGalleryCards(enabled: boolean) {
  return useQuery({
    queryKey: ['gallery-cards'],
    enabled,
    staleTime: Infinity,
    queryFn: async (): Promise<Record<string, GalleryCard>> => {
      const texts = await Promise.all(GALLERY.map((e) => e.load()));
      return Object.fromEntries(GALLERY.map((e, i) => [e.path, cardOf(texts[i], e.name)]));
    },
  });
}

/** The tags the cards use, known ones in the vocabulary's order, then any others alphabetically. */
export function tagsOf(cards: readonly GalleryCard[]): string[] {
  const used = new Set(cards.flatMap((c) => c.tags));
  return [...KNOWN_TAGS.filter((t) => used.has(t)), ...[...used].filter((t) => !isKnownTag(t)).sort()];
}

/** What a tag means (empty for one outside the vocabulary). */
export function tagMeaning(tag: string): string {
  return isKnownTag(tag) ? TAG_VOCABULARY[tag] : '';
}

/** Whether a card has every selected tag. */
export function matches(card: GalleryCard, selected: ReadonlySet<string>): boolean {
  for (const t of selected) if (!card.tags.includes(t)) return false;
  return true;
}
