import type { ReactNode } from "react";
import { TabList, TabPanel, useTabIds } from "#app/components/ui/Tabs.tsx";

export interface GuideTab {
  id: string;
  label: string;
  content: ReactNode;
}

/** The guide's sections as tabs; every panel is in the page (hidden but the active one). */
export function GuideTabs({
  tabs,
  active,
  onChange,
}: {
  tabs: readonly GuideTab[];
  active: string;
  onChange: (id: string) => void;
}) {
  const ids = useTabIds();
  const selected = tabs.some((t) => t.id === active) ? active : (tabs[0]?.id ?? "");
  return (
    <div>
      <TabList
        label="Guide sections"
        tabs={tabs.map((t) => ({ value: t.id, label: t.label }))}
        selected={selected}
        onSelect={onChange}
        ids={ids}
      />
      {tabs.map((tab) => (
        <TabPanel key={tab.id} value={tab.id} ids={ids} hidden={tab.id !== selected} className="pt-6">
          {tab.id === selected ? tab.content : null}
        </TabPanel>
      ))}
    </div>
  );
}
