// The routes of app/routes.ts as the worker tests walk them (read from its source text: the config module
// itself imports @react-router/dev, which does not load in workerd).

export interface RouteEntry {
  path: string;
  file: string;
  layouts: string[];
}

/** index(), route() and layout() entries of app/routes.ts, each with the layouts around it. */
export function routeTable(source: string): RouteEntry[] {
  const out: RouteEntry[] = [];
  const layouts: string[] = [];
  const token = /(index|route|layout)\(\s*(?:"([^"]*)",\s*)?"routes\/([^"]+)"(\s*,\s*\[)?|\]\s*\)/g;
  for (const m of source.matchAll(token)) {
    if (!m[1]) layouts.pop();
    else if (m[1] === "layout") layouts.push(m[3]!);
    else out.push({ path: m[1] === "index" ? "/" : `/${m[2]}`, file: m[3]!, layouts: [...layouts] });
  }
  return out;
}
