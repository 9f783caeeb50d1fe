// The part of a stylesheet a server-rendered page needs for its first paint. A landing page's HTML
// uses a few dozen of the public stylesheet's classes; the browser parses all 86 KB of it before it
// paints, which on a phone's CPU is most of the time between the HTML arriving and the first paint.
// server/spa.ts inlines the rules this keeps and links the whole stylesheet after the content: the
// browser paints the page without it, and runs the scripts (which render the rest: menus, toasts,
// dropdowns) only once it has loaded, so nothing the page renders later goes unstyled.
//
// A rule is kept unless one of its selectors' classes (outside parentheses: `:not(.x)` matches
// where `.x` is absent) is missing from the HTML: it can only match an element with that class.
// Likewise for the colour scheme outside `:not(…)`: the dark scheme's rules need
// `data-mantine-color-scheme="dark"` somewhere, and the document says light.
// At-rules that hold rules (@media, @supports, @container, @layer) are filtered inside; the others
// (@keyframes, @font-face, @import) are kept whole.

type Node = { prelude: string; body: Node[] | string };

const GROUPING_AT_RULE = /^@(media|supports|container|layer|document|scope)\b/i;

/** The stylesheet's top-level rules and at-rules, at-rules that hold rules parsed into their rules. */
function parse(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    // Skip whitespace and comments.
    if (/\s/.test(css[i] ?? '')) {
      i++;
      continue;
    }
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    const start = i;
    let quote: string | null = null;
    let parens = 0;
    // The prelude ends at `{` (a block) or `;` (a statement such as @import or @charset).
    while (i < css.length) {
      const ch = css[i];
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '(') parens++;
      else if (ch === ')') parens--;
      else if (parens === 0 && (ch === '{' || ch === ';')) break;
      i++;
    }
    const prelude = css.slice(start, i).trim();
    if (css[i] === ';' || i >= css.length) {
      nodes.push({ prelude: '', body: `${prelude};` });
      i++;
      continue;
    }
    // The block, up to its matching `}`.
    const bodyStart = ++i;
    let depth = 1;
    quote = null;
    while (i < css.length && depth > 0) {
      const ch = css[i];
      if (quote) {
        if (ch === '\\') i++;
        else if (ch === quote) quote = null;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '{') depth++;
      else if (ch === '}') depth--;
      i++;
    }
    const body = css.slice(bodyStart, i - 1);
    nodes.push({ prelude, body: GROUPING_AT_RULE.test(prelude) ? parse(body) : body });
  }
  return nodes;
}

/** The selectors of a selector list (split at commas outside parentheses and brackets). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const ch = prelude[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(prelude.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** The classes a selector requires of some element: those outside parentheses and attribute brackets. */
function requiredClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (const ch of selector) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0) outside += ch;
  }
  return [...outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? '');
}

/**
 * The colour scheme a selector requires (`[data-mantine-color-scheme=dark]`), as `name=value`, when
 * not inside `:not(…)` (`:where(…)` and `:is(…)` require theirs as much as the selector does). Only
 * this attribute: other attributes a rule names may be set by the browser (`open`) or by a script
 * before the first paint, and their rules are a few hundred bytes on a landing page.
 */
const COLOR_SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';

function requiredAttributes(selector: string): string[] {
  const required: string[] = [];
  // One entry per open parenthesis: whether it negates (`:not(`).
  const negations: boolean[] = [];
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '(') negations.push(/:not$/i.test(selector.slice(0, i)));
    else if (ch === ')') negations.pop();
    else if (ch === '[') {
      const end = selector.indexOf(']', i);
      if (end < 0) break;
      const match = /^\s*([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([\w-]+))\s*$/.exec(
        selector.slice(i + 1, end),
      );
      if (match && match[1]?.toLowerCase() === COLOR_SCHEME_ATTRIBUTE && !negations.includes(true))
        required.push(`${match[1]?.toLowerCase()}=${match[2] ?? match[3] ?? match[4]}`);
      i = end;
    }
  }
  return required;
}

type Used = { classes: ReadonlySet<string>; attributes: ReadonlySet<string> };

function serialize(nodes: Node[], used: Used): string {
  let out = '';
  for (const node of nodes) {
    if (!node.prelude) {
      out += node.body as string;
    } else if (typeof node.body !== 'string') {
      const inner = serialize(node.body, used);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (node.prelude.startsWith('@')) {
      out += `${node.prelude}{${node.body}}`;
    } else {
      const kept = splitSelectors(node.prelude).filter(
        (selector) =>
          requiredClasses(selector).every((name) => used.classes.has(name)) &&
          requiredAttributes(selector).every((pair) => used.attributes.has(pair)),
      );
      if (kept.length) out += `${kept.join(',')}{${node.body}}`;
    }
  }
  return out;
}

/** Every class named by a `class` attribute in `html`. */
function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

/** Every `name=value` of a quoted attribute in `html` (names lower-cased). */
function attributesIn(html: string): Set<string> {
  const found = new Set<string>();
  for (const [, name = '', value = ''] of html.matchAll(/\s([\w-]+)="([^"]*)"/g))
    found.add(`${name.toLowerCase()}=${value}`);
  return found;
}

/**
 * `css` parsed once; `for(html)` gives its rules that can apply to the elements of `html` (the
 * document's `<html>` tag included: `:root[data-mantine-color-scheme=dark]` rules go when it says
 * light).
 */
export function criticalCss(css: string): { for(html: string): string } {
  const nodes = parse(css);
  return { for: (html) => serialize(nodes, { classes: classesIn(html), attributes: attributesIn(html) }) };
}
