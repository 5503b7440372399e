import type { ReactNode } from 'react';

/** The frame of the sign-in screens: a centred card with a heading and an introduction. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
        {intro && <p className="mt-1 text-sm text-gray-600">{intro}</p>}
        <div className="mt-5">{children}</div>
      </div>
      {footer && <div className="mt-4 text-center text-sm text-gray-600">{footer}</div>}
    </section>
  );
}
