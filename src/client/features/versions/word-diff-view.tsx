import { useMemo, type ReactNode } from 'react';
import { diffWords } from '../../../shared/domain/word-diff';
import { useT } from '../../lib/intl';

/**
 * The differences from one text to another, word by word: what was added underlined on green,
 * what was removed struck through on red, so neither depends on colour alone; each change is
 * also named for screen readers, which do not announce <ins> and <del>. `legend` says what the
 * marks mean where they are not changes since a version (a proposal's, say).
 */
export function WordDiffView({ before, after, legend }: { before: string; after: string; legend?: ReactNode }) {
  const t = useT();
  const diff = useMemo(() => diffWords(before, after), [before, after]);
  const changed = diff.parts.some((part) => part.kind !== 'same');
  if (!changed) return <p className="text-sm text-gray-600">{t('versions.same')}</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-gray-600">
        {legend ?? t('versions.legend')}
        {diff.granularity !== 'word' && <> {t('versions.byParagraph')}</>}
      </p>
      <p data-testid="version-diff" className="rounded-md bg-gray-50 p-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-gray-900 ring-1 ring-gray-200">
        {diff.parts.map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'inserted' ? (
            <ins key={index} className="rounded-sm bg-green-100 text-green-950 underline decoration-green-700 decoration-2 underline-offset-2">
              <span className="sr-only">[{t('versions.inserted')}: </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          ) : (
            <del key={index} className="rounded-sm bg-red-100 text-red-950 line-through decoration-red-700 decoration-2">
              <span className="sr-only">[{t('versions.deleted')}: </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          ),
        )}
      </p>
    </div>
  );
}
