import type { ReactNode } from 'react';

/** `**bold**` inside a line, as React elements: text stays text. */
function inline(line: string): ReactNode[] {
  return line.split(/(\*\*[^*]+\*\*)/g).map((part, index) => (part.startsWith('**') && part.endsWith('**') && part.length > 4 ? <strong key={index}>{part.slice(2, -2)}</strong> : part));
}

/**
 * A model's text with the little Markdown drafts use — paragraphs, `-`/`*`/`1.` lists, `#`
 * headings and bold — built from React elements, so nothing in it is ever parsed as HTML or run.
 */
export function DraftText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, index) => {
        const lines = block.split('\n').filter((line) => line.trim() !== '');
        if (lines.length === 0) return null;
        if (lines.every((line) => /^\s*([-*]|\d+\.)\s+/.test(line))) {
          const ordered = /^\s*\d+\./.test(lines[0]!);
          const items = lines.map((line, item) => <li key={item}>{inline(line.replace(/^\s*([-*]|\d+\.)\s+/, ''))}</li>);
          return ordered ? (
            <ol key={index} className="my-2 list-decimal ps-5">
              {items}
            </ol>
          ) : (
            <ul key={index} className="my-2 list-disc ps-5">
              {items}
            </ul>
          );
        }
        const heading = lines[0]!.match(/^#{1,6}\s+(.*)$/);
        if (heading && lines.length === 1) {
          return (
            <p key={index} className="mt-3 font-semibold">
              {inline(heading[1]!)}
            </p>
          );
        }
        return (
          <p key={index} className="my-2 whitespace-pre-line">
            {inline(lines.join('\n'))}
          </p>
        );
      })}
    </>
  );
}
