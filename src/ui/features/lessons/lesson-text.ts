// A lesson's text as blocks to render with plain React text (no HTML): paragraphs, split at blank
// lines, and ```clojure code blocks, kept as they are written.

export type LessonBlock = { readonly kind: 'paragraph'; readonly text: string } | { readonly kind: 'code'; readonly code: string };

export function lessonBlocks(text: string): LessonBlock[] {
  const blocks: LessonBlock[] = [];
  const lines = text.split(/\r?\n/);
  let paragraph: string[] = [];
  const endParagraph = () => {
    const joined = paragraph.join(' ').trim();
    if (joined !== '') blocks.push({ kind: 'paragraph', text: joined });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      endParagraph();
      const code: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```\s*$/.test(lines[i])) code.push(lines[i++]);
      blocks.push({ kind: 'code', code: code.join('\n') });
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  return blocks;
}

/** A paragraph's pieces: plain text and `inline code`. */
export function inlinePieces(text: string): { readonly code: boolean; readonly text: string }[] {
  return text
    .split(/(`[^`]+`)/)
    .filter((p) => p !== '')
    .map((p) => (p.length > 2 && p.startsWith('`') && p.endsWith('`') ? { code: true, text: p.slice(1, -1) } : { code: false, text: p }));
}
