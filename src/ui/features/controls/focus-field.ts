// The field of the session a problem's path names, found in the page and given the focus, so a notice
// beside the controls can take a person to what must be fixed, wherever the left column is scrolled.

/** The element (by data-testid) that edits the field at `path`, most precise first. */
export function fieldTestIds(path: string): string[] {
  const tool = /^tools\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (tool) {
    const [, i, part] = tool;
    const field = part === 'signature' || part === 'impl' || part === 'name' || part === 'description' ? [`tool-${i}-${part}`] : [];
    return [...field, `tool-${i}`, 'tools-panel'];
  }
  const head = /^[A-Za-z]+/.exec(path)?.[0] ?? '';
  switch (head) {
    case 'data':
      return ['data-editor', 'data-panel'];
    case 'mission':
      return ['mission-input'];
    case 'title':
      return ['title-input'];
    case 'maxTurns':
      return ['max-turns-input'];
    case 'compression':
      return ['compression-select'];
    case 'systemPrompt':
      return ['prompt-mode', 'prompt-panel'];
    case 'llm':
      return ['llm-provider', 'llm-panel'];
    case 'tools':
      return ['tools-panel'];
    default:
      return [];
  }
}

const EDITABLE = 'textarea, input, select, [contenteditable="true"], .native-edit-context, button, [tabindex]';

/** Focuses the field at `path` (a code editor's own input inside it); false when it is not in the page. */
export function focusField(path: string, root: ParentNode = document): boolean {
  for (const id of fieldTestIds(path)) {
    const box = root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (box === null) continue;
    // A folded section opens first: nothing hidden can take the focus.
    const folded = box.closest<HTMLElement>('[data-panel-body][hidden]');
    if (folded !== null) root.querySelector<HTMLElement>(`[aria-controls="${folded.id}"]`)?.click();
    const target = box.matches(EDITABLE) ? box : (box.querySelector<HTMLElement>('.native-edit-context') ?? box.querySelector<HTMLElement>(EDITABLE) ?? box);
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
    target.focus();
    return true;
  }
  return false;
}
