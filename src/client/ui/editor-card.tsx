import type { ReactNode } from 'react';

/**
 * A part of an admin editor (a grant's sections, its rules, its assessment criteria): a white card
 * named by its heading, with a line saying what it is for, then the part itself.
 */
export function EditorCard({ id, heading, hint, children }: { id: string; heading: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <h2 id={id} className="text-base font-semibold text-gray-900">
        {heading}
      </h2>
      {hint && <p className="text-sm text-gray-600">{hint}</p>}
      {children}
    </section>
  );
}
