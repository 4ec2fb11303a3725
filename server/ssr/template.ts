// The built index.html cut once, at load, at the places a rendered page fills in. A page is then
// the template's own text and the fills, concatenated: no string replacement ever sees the page's
// user text (a title, a name, the URL), so `$&`, `$'` and the like stay text, and no later pattern
// can match inside what an earlier fill put in.

type Fills<Slot extends string> = Record<Slot, string>;

export interface PageTemplate<Slot extends string> {
  fill(fills: Fills<Slot>): string;
}

/**
 * Finds each slot's pattern (its first match) in `template`; a fill replaces the matched text.
 * Null when a required slot is missing or two slots overlap; an optional slot that is missing is
 * left out (its fill goes nowhere).
 */
export function compileTemplate<Slot extends string>(
  template: string,
  slots: Record<Slot, { pattern: RegExp | string; optional?: boolean }>,
): PageTemplate<Slot> | null {
  const found: { slot: Slot; start: number; end: number }[] = [];
  for (const slot of Object.keys(slots) as Slot[]) {
    const { pattern, optional } = slots[slot];
    const match = typeof pattern === 'string' ? indexMatch(template, pattern) : firstMatch(template, pattern);
    if (!match) {
      if (optional) continue;
      return null;
    }
    found.push({ slot, ...match });
  }
  found.sort((a, b) => a.start - b.start);
  if (found.some((place, i) => i > 0 && place.start < found[i - 1]!.end)) return null;

  const literals: string[] = [];
  let from = 0;
  for (const place of found) {
    literals.push(template.slice(from, place.start));
    from = place.end;
  }
  const tail = template.slice(from);
  const order = found.map((place) => place.slot);
  return {
    fill(fills) {
      let page = '';
      order.forEach((slot, i) => (page += literals[i]! + fills[slot]));
      return page + tail;
    },
  };
}

function indexMatch(template: string, text: string): { start: number; end: number } | null {
  const start = template.indexOf(text);
  return start < 0 ? null : { start, end: start + text.length };
}

function firstMatch(template: string, pattern: RegExp): { start: number; end: number } | null {
  const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(template);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}
