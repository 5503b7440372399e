/**
 * Ordered rows in the admin editors (eligibility questions, section requirements and inputs, the
 * sections themselves): a client-side key per row, moving a row up or down, and the row buttons.
 */
import { useT } from '../../lib/intl';
import { Button } from '../../ui/button';

let keyCounter = 0;
/** A React key for a row that has no database id yet. */
export const newRowKey = () => `row${(keyCounter += 1)}`;

/** The list with the row at `index` swapped with its neighbour; unchanged at either end. */
export function move<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Move up, move down and remove, each labelled with the row's name for screen readers. */
export function RowButtons({ index, count, name, onMove, onRemove }: { index: number; count: number; name: string; onMove: (by: -1 | 1) => void; onRemove: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('grants.admin.moveUpOf', { name })}>
        {t('grants.admin.moveUp')}
      </Button>
      <Button variant="ghost" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('grants.admin.moveDownOf', { name })}>
        {t('grants.admin.moveDown')}
      </Button>
      <Button variant="ghost" onClick={onRemove} aria-label={t('grants.admin.removeOf', { name })}>
        {t('grants.admin.remove')}
      </Button>
    </div>
  );
}
