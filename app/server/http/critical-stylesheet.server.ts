/**
 * The part of the app's stylesheet a finished document uses (decision 293).
 *
 * Every document carries the stylesheet inline so the first paint waits for no second request (decision 185).
 * A document rendered whole before it is sent (a page the edge shares, a crawler's copy) can carry only the rules
 * its own markup needs: the rules whose selector names none of its classes are left out, and so are the custom
 * properties nothing left refers to. The whole sheet is named in the element's `data-full-sheet`, and the browser
 * loads it after hydration, before a client navigation or an opened menu needs a rule this page did not.
 *
 * Conservative by construction: a rule stays when its selector has no class at all (element, `:root`, `*`) or
 * names any class the document uses; every at-rule that is not a grouping block (`@keyframes`, `@font-face`) stays.
 * The sheet is Tailwind's minified output; the parser reads blocks, strings and comments, not CSS in general.
 */

type Node =
  | { kind: "group"; head: string; children: Node[] }
  | { kind: "rule"; selector: string; classes: string[]; body: string }
  | { kind: "at"; name: string; text: string };

/** At-rules whose block holds rules (kept when anything inside is kept). */
const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/;

function skipString(css: string, i: number): number {
  const quote = css[i];
  for (let j = i + 1; j < css.length; j++) {
    if (css[j] === "\\") j++;
    else if (css[j] === quote) return j + 1;
  }
  return css.length;
}

/** Index just past the `}` closing the block that opens at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipString(css, i) - 1;
    else if (c === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || css.length;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

/** `\3a ` and `\:` escapes as the characters a class attribute holds. */
function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6})\s?|\\([\s\S])/g, (_, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

const isIdentChar = (char: string) => /[\w-]/.test(char) || char.charCodeAt(0) > 0x7f;

/** The class names a selector mentions (escapes read, attribute values and strings skipped). */
function classesOf(selector: string): string[] {
  const classes: string[] = [];
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(selector, i) - 1;
    else if (c === "[") {
      // An attribute selector: its value may hold dots ([data-x="1.5"]), which name no class.
      while (i < selector.length && selector[i] !== "]") {
        if (selector[i] === '"' || selector[i] === "'") i = skipString(selector, i);
        else i++;
      }
    } else if (c === ".") {
      let j = i + 1;
      while (j < selector.length) {
        if (selector[j] === "\\") {
          const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(selector.slice(j + 1));
          j += 1 + (hex ? hex[0].length : 1);
        } else if (isIdentChar(selector[j]!)) j++;
        else break;
      }
      if (j > i + 1) classes.push(unescapeIdent(selector.slice(i + 1, j)));
      i = j - 1;
    }
  }
  return classes;
}

function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    const c = css[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    // The prelude runs to the first `{` or `;` outside strings.
    let j = i;
    while (j < css.length && css[j] !== "{" && css[j] !== ";") {
      if (css[j] === '"' || css[j] === "'") j = skipString(css, j);
      else j++;
    }
    const prelude = css.slice(i, j).trim();
    if (j >= css.length || css[j] === ";") {
      nodes.push({ kind: "at", name: prelude.split(/[\s(]/)[0] ?? "", text: css.slice(i, j + 1) });
      i = j + 1;
      continue;
    }
    const end = blockEnd(css, j);
    const inner = css.slice(j + 1, end - 1);
    if (prelude.startsWith("@")) {
      if (GROUPING.test(prelude)) nodes.push({ kind: "group", head: prelude, children: parse(inner) });
      else nodes.push({ kind: "at", name: prelude.split(/[\s(]/)[0] ?? "", text: css.slice(i, end) });
    } else {
      nodes.push({ kind: "rule", selector: prelude, classes: classesOf(prelude), body: inner });
    }
    i = end;
  }
  return nodes;
}

function select(nodes: Node[], used: ReadonlySet<string>): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (node.kind === "group") {
      const children = select(node.children, used);
      if (children.length) out.push({ ...node, children });
    } else if (node.kind === "at" || !node.classes.length || node.classes.some((c) => used.has(c))) {
      out.push(node);
    }
  }
  return out;
}

/** Splits a declaration list at its top-level semicolons. */
function declarations(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'") i = skipString(body, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === ";" && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (body.slice(start).trim()) out.push(body.slice(start));
  return out;
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const referencesIn = (text: string) => [...text.matchAll(VAR_REFERENCE)].map((m) => m[1]!);

function isCustomPropertyDeclaration(declaration: string): boolean {
  return declaration.trimStart().startsWith("--");
}

function customPropertyName(declaration: string): string {
  return declaration.trim().split(":")[0]!.trim();
}

function serialize(nodes: Node[], keepProperty: (name: string) => boolean): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "group") {
      const inner = serialize(node.children, keepProperty);
      if (inner || node.head.startsWith("@layer")) out += `${node.head}{${inner}}`;
    } else if (node.kind === "at") {
      if (node.name === "@property" && !keepProperty(node.text.slice(9).split("{")[0]!.trim())) continue;
      out += node.text;
    } else {
      const kept = declarations(node.body).filter(
        (d) => !isCustomPropertyDeclaration(d) || keepProperty(customPropertyName(d)),
      );
      // A rule left with no declarations only declared custom properties nothing reads.
      if (kept.length) out += `${node.selector}{${kept.join(";")}}`;
    }
  }
  return out;
}

/**
 * The custom properties the kept rules and the document read, and transitively those their values read.
 * A property the kept rules set outside a theme block is read by something those rules hold, so the sets meet.
 */
function readProperties(nodes: Node[], documentHtml: string): Set<string> {
  const values = new Map<string, string[]>();
  const read = new Set<string>(referencesIn(documentHtml));
  const visit = (list: Node[]) => {
    for (const node of list) {
      if (node.kind === "group") visit(node.children);
      else if (node.kind === "rule") {
        for (const d of declarations(node.body)) {
          if (isCustomPropertyDeclaration(d)) {
            const name = customPropertyName(d);
            values.set(name, [...(values.get(name) ?? []), ...referencesIn(d)]);
          } else {
            for (const ref of referencesIn(d)) read.add(ref);
          }
        }
      } else if (node.name !== "@property") {
        for (const ref of referencesIn(node.text)) read.add(ref);
      }
    }
  };
  visit(nodes);
  const pending = [...read];
  while (pending.length) {
    for (const ref of values.get(pending.pop()!) ?? []) {
      if (!read.has(ref)) {
        read.add(ref);
        pending.push(ref);
      }
    }
  }
  return read;
}

const parsedSheets = new Map<string, Node[]>();

function parsedSheet(css: string): Node[] {
  let nodes = parsedSheets.get(css);
  if (!nodes) {
    nodes = parse(css);
    parsedSheets.set(css, nodes);
  }
  return nodes;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#x27": "'", "#39": "'" };

/** The class names a document's markup uses (React writes every attribute in double quotes). */
export function classesInMarkup(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    const value = match[1]!.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, e: string) => ENTITIES[e]!);
    for (const name of value.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

/** The rules and custom properties of `css` that a document with this markup can use. */
export function stylesheetSubset(css: string, markup: string): string {
  const kept = select(parsedSheet(css), classesInMarkup(markup));
  const read = readProperties(kept, markup);
  return serialize(kept, (name) => read.has(name));
}

/**
 * The finished document with its inline sheet narrowed to what it uses and the whole sheet named for later
 * (see above). A document whose element does not hold exactly `css` is returned as it is.
 */
export function withCriticalStylesheet(html: string, css: string, fullSheetHref: string): string {
  const element = `<style id="wh-styles">${css}</style>`;
  const at = html.indexOf(element);
  if (at === -1) return html;
  const markup = html.slice(0, at) + html.slice(at + element.length);
  const subset = stylesheetSubset(css, markup);
  const href = fullSheetHref.replace(/[&"<>]/g, "");
  return `${html.slice(0, at)}<style id="wh-styles" data-full-sheet="${href}">${subset}</style>${html.slice(at + element.length)}`;
}
