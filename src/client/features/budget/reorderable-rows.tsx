/**
 * Rows of a structured section that can be reordered with the keyboard (up and down buttons) and
 * with the mouse (dragging the row by its handle).
 */
import { useState, type ReactNode } from 'react';
import { useT } from '../../lib/intl';
import { Button } from '../../ui/button';

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** A short id for a new row; rows keep it when reordered so focus and links follow them. */
export function newRowId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function ReorderableRows<T extends { id: string }>({
  rows,
  disabled,
  rowLabel,
  onChange,
  children,
}: {
  rows: readonly T[];
  disabled: boolean;
  /** The row's name in the buttons' labels, e.g. "Line 2". */
  rowLabel: (index: number) => string;
  onChange: (rows: T[]) => void;
  children: (row: T, index: number) => ReactNode;
}) {
  const t = useT();
  const [dragging, setDragging] = useState<number | null>(null);
  return (
    <ol className="space-y-3">
      {rows.map((row, index) => {
        const item = rowLabel(index);
        return (
          <li
            key={row.id}
            data-row-id={row.id}
            onDragOver={(event) => {
              if (dragging !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== null) onChange(moveItem(rows, dragging, index));
              setDragging(null);
            }}
            className={`rounded-lg bg-white p-2 shadow-sm ring-1 sm:p-3 ${dragging === index ? 'opacity-60 ring-primary-400' : 'ring-gray-200'}`}
          >
            <div className="mb-2 flex flex-wrap items-center gap-1">
              {!disabled && (
                <span
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', row.id);
                    setDragging(index);
                  }}
                  onDragEnd={() => setDragging(null)}
                  title={t('rows.dragHandle', { item })}
                  aria-hidden="true"
                  className="cursor-grab px-1 text-lg leading-none text-gray-400 select-none"
                >
                  ⠿
                </span>
              )}
              <span className="text-sm font-semibold text-gray-900">{item}</span>
              {!disabled && (
                <span className="ms-auto flex gap-1">
                  <Button variant="ghost" aria-label={t('rows.moveUp', { item })} disabled={index === 0} onClick={() => onChange(moveItem(rows, index, index - 1))}>
                    ↑
                  </Button>
                  <Button variant="ghost" aria-label={t('rows.moveDown', { item })} disabled={index === rows.length - 1} onClick={() => onChange(moveItem(rows, index, index + 1))}>
                    ↓
                  </Button>
                  <Button variant="ghost" aria-label={t('rows.remove', { item })} onClick={() => onChange(rows.filter((_, position) => position !== index))}>
                    ✕
                  </Button>
                </span>
              )}
            </div>
            {children(row, index)}
          </li>
        );
      })}
    </ol>
  );
}
