// Tabs two ways, one look: TabList switches panels on the page (WAI-ARIA tabs: arrow keys, one tab stop; with
// `hrefOf` each tab is also a link to its address, so it switches without JavaScript), TabNav is a row of links
// where each tab is its own address (aria-current on the one shown).
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";

const tabClass = (active: boolean) =>
  `-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${
    active ? "border-brand-500 text-white" : "border-transparent text-slate-400 hover:text-slate-200"
  }`;

const rowClass = "flex gap-1 overflow-x-auto border-b border-ink-600";

/** Tabs as side-by-side cards, for a choice whose tabs carry a line of explanation each (the wheel's CSP/CC). */
const cardTabClass = (active: boolean) =>
  `rounded-lg border px-4 py-2 text-left ${
    active ? "border-brand-500 bg-brand-500/10 text-white" : "border-ink-600 text-slate-300 hover:bg-ink-850"
  }`;

const cardRowClass = "grid grid-cols-2 gap-2 sm:inline-grid sm:w-auto";

export type TabLook = "underline" | "cards";

export interface Tab<T extends string> {
  value: T;
  label: ReactNode;
}

/** The id of the panel a TabList's tab controls; the panel is the caller's TabPanel. */
export function useTabIds(): { tabId: (value: string) => string; panelId: (value: string) => string } {
  const base = useId();
  return { tabId: (v) => `${base}-tab-${v}`, panelId: (v) => `${base}-panel-${v}` };
}

export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  ids,
  look = "underline",
  className,
  hrefOf,
}: {
  label: string;
  tabs: readonly Tab<T>[];
  selected: T;
  onSelect: (value: T) => void;
  ids: ReturnType<typeof useTabIds>;
  look?: TabLook;
  className?: string;
  /** The address that shows a tab, for tabs kept in the URL: each tab is a link to it (it works without JS). */
  hrefOf?: (value: T) => string;
}) {
  const lookOf = look === "cards" ? cardTabClass : tabClass;
  const buttons = useRef<(HTMLElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>, index: number) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const target =
      e.key === "Home"
        ? 0
        : e.key === "End"
          ? tabs.length - 1
          : step
            ? (index + step + tabs.length) % tabs.length
            : -1;
    if (target < 0) return;
    e.preventDefault();
    onSelect(tabs[target].value);
    buttons.current[target]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={`${look === "cards" ? cardRowClass : rowClass} ${className ?? ""}`}
    >
      {tabs.map((t, i) => {
        const props = {
          ref: (el: HTMLElement | null) => {
            buttons.current[i] = el;
          },
          role: "tab",
          id: ids.tabId(t.value),
          "aria-selected": selected === t.value,
          "aria-controls": ids.panelId(t.value),
          tabIndex: selected === t.value ? 0 : -1,
          onKeyDown: (e: KeyboardEvent<HTMLElement>) => onKeyDown(e, i),
          className: lookOf(selected === t.value),
        };
        return hrefOf ? (
          <a
            key={t.value}
            {...props}
            href={hrefOf(t.value)}
            onClick={(e) => {
              // A plain click switches in the page; a modified one (new tab, new window) follows the link.
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
              e.preventDefault();
              onSelect(t.value);
            }}
          >
            {t.label}
          </a>
        ) : (
          <button key={t.value} {...props} type="button" onClick={() => onSelect(t.value)}>
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  value,
  ids,
  className,
  hidden,
  children,
}: {
  value: string;
  ids: ReturnType<typeof useTabIds>;
  className?: string;
  /** For a caller that keeps every panel in the page. */
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={ids.panelId(value)}
      aria-labelledby={ids.tabId(value)}
      hidden={hidden}
      className={className}
    >
      {children}
    </div>
  );
}

export function TabNav({
  label,
  tabs,
  current,
  className,
}: {
  label: string;
  tabs: readonly { to: string; label: ReactNode; key: string }[];
  /** The key of the tab shown. */
  current: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`${rowClass} ${className ?? ""}`}>
      {tabs.map((t) => (
        <Link
          key={t.key}
          to={t.to}
          aria-current={current === t.key ? "page" : undefined}
          preventScrollReset
          className={tabClass(current === t.key)}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
