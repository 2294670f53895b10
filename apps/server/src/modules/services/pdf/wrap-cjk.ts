/**
 * Line breaking for Chinese text: any ideograph may end a line, Latin words and numbers stay
 * whole, and the usual 禁则 (kinsoku) rules hold — closing punctuation never starts a line (it
 * hangs into the margin instead), opening brackets and quotes never end one.
 */

/** May not start a line. */
const NO_LINE_START = new Set([...'，。、；：？！）》」』】〕〉〗’”…—～·%‰,.;:?!)]}>']);
/** May not end a line. */
const NO_LINE_END = new Set([...'（《「『【〔〈〖‘“([{<']);
/** At most this many closing marks hang past the right edge (as in "。”"). */
const MAX_HANG = 2;

type Unit = { text: string; space: boolean };

/** Wide (CJK / full-width) characters break anywhere; the rest group into words. */
function isWide(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return (
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xac00 && cp <= 0xd7ff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3ffff) ||
    cp === 0x2014 || // — (em dash, set wide in Chinese text)
    cp === 0x2026 || // …
    cp === 0x2018 ||
    cp === 0x2019 ||
    cp === 0x201c ||
    cp === 0x201d
  );
}

function tokenize(text: string): Unit[] {
  const units: Unit[] = [];
  let word = '';
  const flush = () => {
    if (word) units.push({ text: word, space: false });
    word = '';
  };
  for (const ch of text) {
    if (ch === ' ') {
      flush();
      units.push({ text: ch, space: true });
    } else if (isWide(ch)) {
      flush();
      units.push({ text: ch, space: false });
    } else {
      word += ch;
    }
  }
  flush();
  return units;
}

/**
 * Breaks one paragraph (no newlines) into lines no wider than `width` (except hanging closing
 * punctuation); `width.first` may differ for the first line (indents). `measure` gives the drawn
 * width of a string.
 */
export function wrapParagraph(
  text: string,
  width: number | { first: number; rest: number },
  measure: (s: string) => number,
): string[] {
  const firstWidth = typeof width === 'number' ? width : width.first;
  const restWidth = typeof width === 'number' ? width : width.rest;
  const lines: string[] = [];
  let line: Unit[] = [];
  let used = 0;
  let hung = 0;
  const widthOf = (units: Unit[]) => units.reduce((sum, u) => sum + measure(u.text), 0);
  const emit = () => {
    while (line.length > 0 && line[line.length - 1]?.space) line.pop();
    lines.push(line.map((u) => u.text).join(''));
    line = [];
    used = 0;
    hung = 0;
  };
  const queue = tokenize(text);
  for (let i = 0; i < queue.length; i++) {
    const unit = queue[i] as Unit;
    const w = measure(unit.text);
    const maxWidth = lines.length === 0 ? firstWidth : restWidth;
    if (!unit.space && w > maxWidth && [...unit.text].length > 1) {
      // A word longer than a whole line (a URL, an account number): break it by character.
      queue.splice(i, 1, ...[...unit.text].map((ch) => ({ text: ch, space: false })));
      i--;
      continue;
    }
    if (unit.space && line.length === 0 && lines.length > 0) continue; // no leading space on a wrapped line
    if (used + w <= maxWidth || line.length === 0) {
      line.push(unit);
      used += w;
      continue;
    }
    if (unit.space) {
      emit();
      continue;
    }
    if (NO_LINE_START.has(unit.text) && hung < MAX_HANG) {
      line.push(unit);
      used += w;
      hung++;
      continue;
    }
    // Carry to the next line whatever may not end this one, and — when this unit may not start a
    // line and cannot hang any more — the character before it too.
    const carry: Unit[] = [];
    if (NO_LINE_START.has(unit.text)) {
      while (line.length > 1 && NO_LINE_START.has((line[line.length - 1] as Unit).text)) {
        carry.unshift(line.pop() as Unit);
      }
      if (line.length > 1) carry.unshift(line.pop() as Unit);
    }
    while (line.length > 1 && NO_LINE_END.has((line[line.length - 1] as Unit).text)) {
      carry.unshift(line.pop() as Unit);
    }
    emit();
    line = [...carry, unit];
    used = widthOf(line);
  }
  if (line.length > 0 || lines.length === 0) emit();
  return lines;
}
