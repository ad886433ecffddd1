import { useId, type ReactNode } from 'react';

/** A titled card of the order detail. */
export default function Section({
  title,
  aside,
  children,
  className = '',
  anchor,
}: {
  title: string;
  /** The section's id, for a link that lands on it (#samples from a message). */
  anchor?: string;
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section id={anchor} aria-labelledby={id} className={`card scroll-mt-20 p-4 md:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Shown where a section has nothing yet. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 px-4 py-5 text-center text-sm text-slate-500">{children}</p>;
}
