/**
 * The section page's layout: the text and its inputs first, and what a writer consults while
 * writing (requirements, guidance, the AI draft, comments, history) beside them on a wide screen,
 * or one tab away on a narrow one. Every panel is rendered once and kept mounted, so a half-typed
 * wish or comment survives switching tabs.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { useT } from '../../lib/intl';

/** From this width the panels sit in a column beside the text (Tailwind's `lg`). */
const WIDE = '(min-width: 1024px)';

export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

export interface WritingPanel {
  id: string;
  /** The tab's name on a narrow screen. */
  label: string;
  content: ReactNode;
}

const tabClass =
  'shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-gray-700 ring-1 ring-gray-200 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 data-[state=active]:bg-primary-700 data-[state=active]:text-white data-[state=active]:ring-primary-700';

/**
 * `main` is the writing itself; `panels` go beside it (wide) or behind tabs (narrow); `review` (the
 * section's review and its moves) heads the side column, or follows the text on a narrow screen
 * rather than hide behind a tab; `nav` (the section list) goes left of the text on the widest
 * screens, else after everything. `tab` and `onTabChange` (optional) say which tab is shown on a
 * narrow screen: `text` or a panel's id.
 */
export function WritingLayout({
  main,
  review,
  panels,
  nav,
  tab: shownTab,
  onTabChange,
}: {
  main: ReactNode;
  review: ReactNode;
  panels: WritingPanel[];
  nav: ReactNode;
  tab?: string;
  onTabChange?: (tab: string) => void;
}) {
  const t = useT();
  const wide = useWideScreen();
  const [ownTab, setOwnTab] = useState('text');
  const tab = shownTab ?? ownTab;
  const setTab = onTabChange ?? setOwnTab;
  if (wide) {
    return (
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)_22rem] gap-6 xl:grid-cols-[12rem_minmax(0,1fr)_22rem]">
        <div className="col-start-1 row-start-1 min-w-0 xl:col-start-2">
          {main}
        </div>
        <aside aria-label={t('applications.editor.panels')} className="col-start-2 row-span-2 row-start-1 min-w-0 space-y-4 xl:col-start-3">
          {review}
          {panels.map((panel) => (
            <div key={panel.id}>{panel.content}</div>
          ))}
        </aside>
        <div className="col-start-1 row-start-2 xl:row-start-1">{nav}</div>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-6">
      <Tabs.Root value={tab} onValueChange={setTab} className="space-y-4">
        {/* The tabs wrap onto a second line rather than run off the screen's edge: every one is seen. */}
        <Tabs.List aria-label={t('applications.editor.panels')} className="flex flex-wrap gap-2 pb-1">
          <Tabs.Trigger value="text" className={tabClass}>
            {t('applications.editor.tabText')}
          </Tabs.Trigger>
          {panels.map((panel) => (
            <Tabs.Trigger key={panel.id} value={panel.id} className={tabClass}>
              {panel.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="text" forceMount className="min-w-0 focus-visible:outline-none data-[state=inactive]:hidden">
          {main}
          <div className="mt-5">{review}</div>
        </Tabs.Content>
        {panels.map((panel) => (
          <Tabs.Content key={panel.id} value={panel.id} forceMount className="min-w-0 focus-visible:outline-none data-[state=inactive]:hidden">
            {panel.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {nav}
    </div>
  );
}
