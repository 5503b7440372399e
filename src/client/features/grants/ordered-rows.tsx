/**
 * The row buttons of ordered rows in the admin editors (eligibility questions, section
 * requirements and inputs, the sections themselves). The rows of a form are a `useFieldArray`:
 * its `move`/`remove` do the work and its field ids are the React keys.
 */
import { useT } from '../../lib/intl';
import { Button } from '../../ui/button';

/** Move up, move down and remove, each labelled with the row's name for screen readers. */
export function RowButtons({ index, count, name, onMove, onRemove }: { index: number; count: number; name: string; onMove: (to: number) => void; onRemove: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t('grants.admin.moveUpOf', { name })}>
        {t('grants.admin.moveUp')}
      </Button>
      <Button variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={t('grants.admin.moveDownOf', { name })}>
        {t('grants.admin.moveDown')}
      </Button>
      <Button variant="ghost" onClick={onRemove} aria-label={t('grants.admin.removeOf', { name })}>
        {t('grants.admin.remove')}
      </Button>
    </div>
  );
}
