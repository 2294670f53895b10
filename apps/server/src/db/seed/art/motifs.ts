/**
 * The seed's illustrations: flat vector pictures drawn by the project, each in a 240×240 box, in the
 * colours of a palette. No text in the pictures (fonts differ between machines; the page carries
 * the words), no external references, nothing random: the same code gives the same picture.
 */

export type Palette = {
  /** Background gradient, top left to bottom right. */
  bg: readonly [string, string];
  /** Decoration over the background (rings, dots, waves), drawn with low opacity. */
  decor: string;
  /** The motif's main colour. */
  main: string;
  /** Its second colour. */
  accent: string;
  /** Outlines, dark parts. */
  ink: string;
  /** Paper, screens, light parts. */
  paper: string;
  /** A light tint for lines on paper and soft shapes. */
  soft: string;
};

export type Motif = (p: Palette) => string;

const SKIN = '#F6C7A6';
const GOLD = '#F5B83D';
const GOLD_DARK = '#C98A12';

const n = (value: number) => Number(value.toFixed(2));

/** A five-pointed star centred on (cx, cy). */
function star(cx: number, cy: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

/** A four-pointed sparkle. */
function sparkle(cx: number, cy: number, r: number, fill: string): string {
  const q = r * 0.28;
  return (
    `<path d="M${cx} ${cy - r}Q${cx + q} ${cy - q} ${cx + r} ${cy}Q${cx + q} ${cy + q} ${cx} ${cy + r}` +
    `Q${cx - q} ${cy + q} ${cx - r} ${cy}Q${cx - q} ${cy - q} ${cx} ${cy - r}Z" fill="${fill}"/>`
  );
}

/** A heart whose point is at (cx, cy + s). */
function heart(cx: number, cy: number, s: number, fill: string): string {
  return (
    `<path d="M${cx} ${cy + s}C${cx - s * 1.3} ${cy + s * 0.2} ${cx - s * 1.2} ${cy - s * 0.9} ${cx - s * 0.55} ${cy - s * 0.9}` +
    `C${cx - s * 0.2} ${cy - s * 0.9} ${cx} ${cy - s * 0.6} ${cx} ${cy - s * 0.4}` +
    `C${cx} ${cy - s * 0.6} ${cx + s * 0.2} ${cy - s * 0.9} ${cx + s * 0.55} ${cy - s * 0.9}` +
    `C${cx + s * 1.2} ${cy - s * 0.9} ${cx + s * 1.3} ${cy + s * 0.2} ${cx} ${cy + s}Z" fill="${fill}"/>`
  );
}

/** A check mark. */
function check(cx: number, cy: number, s: number, stroke: string, width: number): string {
  return (
    `<path d="M${cx - s} ${cy}L${cx - s * 0.3} ${cy + s * 0.7}L${cx + s} ${cy - s * 0.6}" fill="none" ` +
    `stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** A coin seen from the front, with a square hole like an old Chinese coin. */
function coin(cx: number, cy: number, r: number): string {
  const h = r * 0.28;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${GOLD}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.72)}" fill="none" stroke="${GOLD_DARK}" stroke-width="${n(r * 0.1)}"/>` +
    `<rect x="${n(cx - h)}" y="${n(cy - h)}" width="${n(h * 2)}" height="${n(h * 2)}" fill="${GOLD_DARK}"/>`
  );
}

/** A stack of coins seen from the side, bottom at y. */
function coinStack(cx: number, y: number, count: number, rx: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const cy = y - i * 12;
    out +=
      `<rect x="${cx - rx}" y="${cy - 6}" width="${rx * 2}" height="12" fill="${GOLD_DARK}"/>` +
      `<ellipse cx="${cx}" cy="${cy + 6}" rx="${rx}" ry="8" fill="${GOLD_DARK}"/>` +
      `<ellipse cx="${cx}" cy="${cy - 6}" rx="${rx}" ry="8" fill="${GOLD}"/>`;
  }
  return out;
}

/** A person from the waist up: head centre (cx, cy), scale s (1 = head radius 18). */
function person(cx: number, cy: number, s: number, shirt: string, hair: string): string {
  const r = 18 * s;
  return (
    `<path d="M${n(cx - r * 1.7)} ${n(cy + r * 3.4)}V${n(cy + r * 2.3)}Q${n(cx - r * 1.7)} ${n(cy + r * 1.2)} ${n(cx - r * 0.6)} ${n(cy + r * 1.2)}` +
    `H${n(cx + r * 0.6)}Q${n(cx + r * 1.7)} ${n(cy + r * 1.2)} ${n(cx + r * 1.7)} ${n(cy + r * 2.3)}V${n(cy + r * 3.4)}Z" fill="${shirt}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(r)}" fill="${SKIN}"/>` +
    `<path d="M${n(cx - r)} ${n(cy - r * 0.05)}A${n(r)} ${n(r)} 0 0 1 ${n(cx + r)} ${n(cy - r * 0.05)}Q${n(cx)} ${n(cy - r * 0.55)} ${n(cx - r)} ${n(cy - r * 0.05)}Z" fill="${hair}"/>`
  );
}

/** Lines of text on paper. */
function textLines(x: number, y: number, widths: readonly number[], fill: string, gap = 14): string {
  return widths
    .map((w, i) => `<rect x="${x}" y="${y + i * gap}" width="${w}" height="6" rx="3" fill="${fill}"/>`)
    .join('');
}

/** A phone with a handset on its screen, sound waves and a stopwatch: call a lawyer now. */
const phone: Motif = (p) =>
  `<rect x="66" y="26" width="104" height="188" rx="20" fill="${p.ink}"/>` +
  `<rect x="75" y="44" width="86" height="146" rx="8" fill="${p.paper}"/>` +
  `<rect x="104" y="33" width="28" height="5" rx="2.5" fill="${p.soft}"/>` +
  `<circle cx="118" cy="202" r="6" fill="${p.soft}"/>` +
  `<circle cx="118" cy="112" r="34" fill="${p.main}"/>` +
  `<path d="M104 94c4-3 8-2 10 2l4 8c1 3 0 6-3 7l-3 2c2 6 7 11 13 13l2-3c1-3 4-4 7-3l8 4c4 2 5 6 2 10-4 5-10 7-17 4-14-6-24-16-29-29-2-6-1-11 6-15z" fill="${p.paper}"/>` +
  textLines(92, 160, [52, 36], p.soft) +
  `<path d="M184 84a44 44 0 0 1 0 56" fill="none" stroke="${p.accent}" stroke-width="9" stroke-linecap="round"/>` +
  `<path d="M202 68a68 68 0 0 1 0 88" fill="none" stroke="${p.accent}" stroke-width="9" stroke-linecap="round" opacity="0.7"/>` +
  `<circle cx="50" cy="168" r="36" fill="${p.accent}"/>` +
  `<circle cx="50" cy="168" r="27" fill="${p.paper}"/>` +
  `<rect x="44" y="124" width="12" height="10" rx="3" fill="${p.accent}"/>` +
  `<path d="M50 168V150M50 168L62 176" stroke="${p.ink}" stroke-width="5" stroke-linecap="round"/>`;

/** Stacked member cards with a star badge. */
const cards: Motif = (p) =>
  `<g transform="rotate(-14 120 130)"><rect x="34" y="66" width="156" height="98" rx="14" fill="${p.accent}"/></g>` +
  `<g transform="rotate(-6 120 130)"><rect x="40" y="78" width="156" height="98" rx="14" fill="${p.soft}"/></g>` +
  `<rect x="46" y="92" width="156" height="98" rx="14" fill="${p.main}"/>` +
  `<rect x="46" y="112" width="156" height="16" fill="${p.ink}" opacity="0.35"/>` +
  `<rect x="64" y="140" width="30" height="24" rx="5" fill="${GOLD}"/>` +
  `<path d="M64 152H94M79 140V164" stroke="${GOLD_DARK}" stroke-width="2"/>` +
  textLines(106, 146, [62, 40], p.paper, 12) +
  `<circle cx="190" cy="76" r="30" fill="${GOLD}"/>` +
  `<circle cx="190" cy="76" r="23" fill="none" stroke="${p.paper}" stroke-width="3" opacity="0.8"/>` +
  star(190, 77, 15, p.paper) +
  sparkle(38, 62, 12, p.paper) +
  sparkle(214, 186, 9, GOLD);

/** A friendly robot and chat bubbles: the AI assistant. */
const ai: Motif = (p) =>
  `<rect x="22" y="34" width="128" height="80" rx="24" fill="${p.paper}"/>` +
  `<path d="M54 108l-6 26 28-22z" fill="${p.paper}"/>` +
  `<circle cx="60" cy="74" r="9" fill="${p.main}"/>` +
  `<circle cx="86" cy="74" r="9" fill="${p.main}" opacity="0.7"/>` +
  `<circle cx="112" cy="74" r="9" fill="${p.main}" opacity="0.45"/>` +
  `<path d="M160 96V80" stroke="${p.paper}" stroke-width="5" stroke-linecap="round"/>` +
  `<circle cx="160" cy="76" r="8" fill="${p.accent}"/>` +
  `<rect x="110" y="96" width="100" height="86" rx="26" fill="${p.paper}"/>` +
  `<rect x="122" y="112" width="76" height="44" rx="18" fill="${p.ink}"/>` +
  `<circle cx="144" cy="134" r="8" fill="${p.accent}"/>` +
  `<circle cx="176" cy="134" r="8" fill="${p.accent}"/>` +
  `<path d="M148 166q12 8 24 0" fill="none" stroke="${p.main}" stroke-width="5" stroke-linecap="round"/>` +
  `<rect x="100" y="126" width="10" height="24" rx="5" fill="${p.soft}"/>` +
  `<rect x="210" y="126" width="10" height="24" rx="5" fill="${p.soft}"/>` +
  `<rect x="128" y="186" width="64" height="26" rx="10" fill="${p.soft}"/>` +
  sparkle(36, 170, 16, p.accent) +
  sparkle(66, 200, 9, p.paper) +
  sparkle(212, 60, 12, p.accent);

/** Two people talking across a table: meet a lawyer in person. */
const face: Motif = (p) =>
  `<rect x="14" y="30" width="70" height="40" rx="14" fill="${p.paper}"/>` +
  `<path d="M40 66l-4 16 18-14z" fill="${p.paper}"/>` +
  textLines(28, 42, [42, 28], p.soft, 12) +
  `<rect x="156" y="24" width="70" height="40" rx="14" fill="${p.paper}"/>` +
  `<path d="M198 60l6 16-20-14z" fill="${p.paper}"/>` +
  check(191, 44, 12, p.main, 6) +
  person(62, 112, 1.1, p.main, p.ink) +
  person(178, 112, 1.1, p.accent, p.ink) +
  `<rect x="20" y="168" width="200" height="14" rx="7" fill="${p.ink}"/>` +
  `<rect x="40" y="182" width="10" height="40" fill="${p.ink}"/>` +
  `<rect x="190" y="182" width="10" height="40" fill="${p.ink}"/>` +
  `<rect x="96" y="150" width="48" height="18" rx="3" fill="${p.paper}"/>` +
  `<rect x="100" y="154" width="40" height="4" rx="2" fill="${p.soft}"/>` +
  `<path d="M84 152h14v16h-14z" fill="${p.soft}"/>` +
  `<path d="M98 156q6 0 6 5t-6 5" fill="none" stroke="${p.soft}" stroke-width="3"/>`;

/** The scales of justice: lawyers. */
const scales: Motif = (p) =>
  `<rect x="113" y="52" width="14" height="146" rx="4" fill="${p.paper}"/>` +
  `<rect x="76" y="192" width="88" height="18" rx="9" fill="${p.paper}"/>` +
  `<rect x="96" y="182" width="48" height="14" rx="6" fill="${p.soft}"/>` +
  `<rect x="36" y="62" width="168" height="12" rx="6" fill="${p.paper}"/>` +
  `<circle cx="120" cy="52" r="14" fill="${GOLD}"/>` +
  `<path d="M52 74L30 134M52 74L74 134M188 74L166 134M188 74L210 134" stroke="${p.soft}" stroke-width="3"/>` +
  `<path d="M22 134h60a30 18 0 0 1-60 0z" fill="${GOLD}"/>` +
  `<path d="M158 134h60a30 18 0 0 1-60 0z" fill="${GOLD}"/>` +
  `<circle cx="52" cy="74" r="7" fill="${p.accent}"/>` +
  `<circle cx="188" cy="74" r="7" fill="${p.accent}"/>` +
  sparkle(212, 36, 10, GOLD) +
  sparkle(28, 188, 8, p.paper);

/** Papers with a pen and a seal: contract templates. */
const templates: Motif = (p) =>
  `<g transform="rotate(8 130 120)"><rect x="76" y="34" width="116" height="150" rx="12" fill="${p.soft}"/></g>` +
  `<path d="M48 40h94l28 28v126a10 10 0 0 1-10 10H48a10 10 0 0 1-10-10V50a10 10 0 0 1 10-10z" fill="${p.paper}"/>` +
  `<path d="M142 40v20a8 8 0 0 0 8 8h20z" fill="${p.soft}"/>` +
  `<rect x="56" y="62" width="60" height="10" rx="5" fill="${p.main}"/>` +
  textLines(56, 88, [96, 84, 96, 70, 88], p.soft, 16) +
  `<circle cx="152" cy="176" r="30" fill="${p.accent}"/>` +
  `<circle cx="152" cy="176" r="22" fill="none" stroke="${p.paper}" stroke-width="3"/>` +
  check(152, 176, 11, p.paper, 6) +
  `<g transform="rotate(40 196 104)"><rect x="188" y="40" width="18" height="110" rx="4" fill="${p.ink}"/>` +
  `<rect x="188" y="56" width="18" height="10" fill="${GOLD}"/><path d="M188 150h18l-9 20z" fill="${GOLD}"/></g>`;

/** A ticket with a percent sign, a gift box and confetti: a campaign. */
const coupon: Motif = (p) =>
  '<defs><mask id="ticket"><rect width="240" height="240" fill="#fff"/>' +
  '<circle cx="20" cy="104" r="13" fill="#000"/><circle cx="184" cy="104" r="13" fill="#000"/></mask></defs>' +
  `<rect x="20" y="56" width="164" height="96" rx="14" fill="${p.paper}" mask="url(#ticket)"/>` +
  `<path d="M134 66v76" stroke="${p.soft}" stroke-width="4" stroke-dasharray="8 7"/>` +
  `<circle cx="62" cy="88" r="10" fill="none" stroke="${p.main}" stroke-width="7"/>` +
  `<circle cx="98" cy="122" r="10" fill="none" stroke="${p.main}" stroke-width="7"/>` +
  `<path d="M100 82L60 128" stroke="${p.main}" stroke-width="8" stroke-linecap="round"/>` +
  `<rect x="146" y="90" width="26" height="8" rx="4" fill="${p.soft}"/>` +
  `<rect x="146" y="108" width="18" height="8" rx="4" fill="${p.soft}"/>` +
  `<rect x="132" y="150" width="84" height="62" rx="6" fill="${p.accent}"/>` +
  `<rect x="126" y="136" width="96" height="22" rx="5" fill="${p.accent}"/>` +
  `<rect x="126" y="136" width="96" height="22" rx="5" fill="${p.ink}" opacity="0.12"/>` +
  `<rect x="166" y="136" width="16" height="76" fill="${p.main}"/>` +
  `<path d="M174 136c-10-22-34-20-30-6 3 9 18 8 30 6zM174 136c10-22 34-20 30-6-3 9-18 8-30 6z" fill="${p.main}"/>` +
  `<rect x="34" y="176" width="10" height="16" rx="2" fill="${p.accent}" transform="rotate(30 39 184)"/>` +
  `<rect x="82" y="196" width="10" height="16" rx="2" fill="${p.paper}" transform="rotate(-25 87 204)"/>` +
  `<rect x="200" y="30" width="10" height="16" rx="2" fill="${p.accent}" transform="rotate(20 205 38)"/>` +
  `<circle cx="62" cy="206" r="6" fill="${GOLD}"/>` +
  `<circle cx="214" cy="70" r="5" fill="${p.paper}"/>` +
  sparkle(40, 30, 12, GOLD);

/** A shopping bag with a shield: consumer rights. */
const shopping: Motif = (p) =>
  `<path d="M82 84V66a30 30 0 0 1 60 0v18" fill="none" stroke="${p.ink}" stroke-width="9" stroke-linecap="round"/>` +
  `<path d="M46 80h132l-8 124a10 10 0 0 1-10 9H64a10 10 0 0 1-10-9z" fill="${p.main}"/>` +
  `<path d="M46 80h132l-2 20H48z" fill="${p.ink}" opacity="0.18"/>` +
  `<circle cx="82" cy="100" r="6" fill="${p.paper}"/><circle cx="142" cy="100" r="6" fill="${p.paper}"/>` +
  `<path d="M170 110l42 14v34c0 30-20 50-42 58-22-8-42-28-42-58v-34z" fill="${p.accent}"/>` +
  `<path d="M170 122l30 10v26c0 21-14 35-30 42z" fill="${p.paper}" opacity="0.25"/>` +
  check(170, 160, 15, p.paper, 8) +
  sparkle(34, 50, 11, p.accent);

/** A shield with a lock and a warning sign: fraud prevention. */
const antifraud: Motif = (p) =>
  `<path d="M112 24l74 26v58c0 54-34 88-74 104-40-16-74-50-74-104V50z" fill="${p.paper}"/>` +
  `<path d="M112 40l58 20v48c0 44-26 72-58 86-32-14-58-42-58-86V60z" fill="${p.main}"/>` +
  `<path d="M94 112V98a18 18 0 0 1 36 0v14" fill="none" stroke="${p.paper}" stroke-width="9"/>` +
  `<rect x="84" y="110" width="56" height="46" rx="9" fill="${p.paper}"/>` +
  `<circle cx="112" cy="128" r="7" fill="${p.ink}"/><rect x="109" y="130" width="6" height="14" rx="3" fill="${p.ink}"/>` +
  `<path d="M190 140l36 62a6 6 0 0 1-5 9h-72a6 6 0 0 1-5-9l36-62a6 6 0 0 1 10 0z" fill="${p.accent}"/>` +
  `<rect x="181" y="160" width="8" height="26" rx="4" fill="${p.ink}"/><circle cx="185" cy="196" r="5" fill="${p.ink}"/>`;

/** A house with a heart, and a family: marriage and family matters. */
const family: Motif = (p) =>
  `<path d="M26 112L120 36l94 76" fill="none" stroke="${p.paper}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M48 104L120 46l72 58v100a8 8 0 0 1-8 8H56a8 8 0 0 1-8-8z" fill="${p.paper}"/>` +
  `<rect x="160" y="50" width="20" height="36" fill="${p.paper}"/>` +
  heart(120, 110, 26, p.main) +
  person(88, 158, 0.75, p.accent, p.ink) +
  person(150, 166, 0.6, p.main, p.ink) +
  `<rect x="48" y="196" width="144" height="16" fill="${p.soft}"/>`;

/** A note of debt with a seal, and coins: loans and debts. */
const iou: Motif = (p) =>
  `<g transform="rotate(-6 90 120)"><rect x="30" y="40" width="116" height="156" rx="10" fill="${p.paper}"/>` +
  `<rect x="46" y="58" width="54" height="12" rx="6" fill="${p.main}"/>` +
  textLines(46, 86, [84, 72, 84, 60], p.soft, 16) +
  `<path d="M48 170q10-14 18 0t18 0 18-4" fill="none" stroke="${p.ink}" stroke-width="4" stroke-linecap="round"/>` +
  `<circle cx="120" cy="168" r="16" fill="none" stroke="${p.accent}" stroke-width="5"/></g>` +
  coinStack(176, 200, 5, 34) +
  coin(196, 78, 26);

/** An open book under a light bulb: a legal class. */
const classroom: Motif = (p) =>
  `<path d="M120 206c-26-16-60-18-96-10V98c36-8 70-6 96 10z" fill="${p.ink}" opacity="0.25"/>` +
  `<path d="M120 196c-24-14-54-16-86-10V96c32-6 62-4 86 10z" fill="${p.paper}"/>` +
  `<path d="M120 196c24-14 54-16 86-10V96c-32-6-62-4-86 10z" fill="${p.paper}"/>` +
  `<path d="M120 106v90" stroke="${p.soft}" stroke-width="4"/>` +
  textLines(46, 118, [56, 50, 56, 40], p.soft, 16) +
  textLines(138, 118, [56, 50, 56, 40], p.soft, 16) +
  `<circle cx="120" cy="52" r="28" fill="${p.accent}"/>` +
  `<rect x="110" y="76" width="20" height="16" rx="4" fill="${p.paper}"/>` +
  `<path d="M112 58l8-10 8 10" fill="none" stroke="${p.paper}" stroke-width="4" stroke-linecap="round"/>` +
  `<path d="M76 30l-10-8M164 30l10-8M70 56H58M170 56h12" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`;

/** Two wedding rings and a small house: dividing property in a divorce. */
const rings: Motif = (p) =>
  `<circle cx="92" cy="96" r="46" fill="none" stroke="${GOLD}" stroke-width="16"/>` +
  `<circle cx="148" cy="96" r="46" fill="none" stroke="${p.paper}" stroke-width="16"/>` +
  `<path d="M120 60a46 46 0 0 1 0 72" fill="none" stroke="${GOLD}" stroke-width="16"/>` +
  sparkle(70, 40, 12, p.paper) +
  `<path d="M46 212v-44l30-24 30 24v44z" fill="${p.main}"/>` +
  `<path d="M134 212v-44l30-24 30 24v44z" fill="${p.accent}"/>` +
  `<path d="M120 148v68" stroke="${p.ink}" stroke-width="5" stroke-dasharray="8 8" stroke-linecap="round"/>` +
  `<rect x="68" y="186" width="16" height="26" fill="${p.paper}"/><rect x="156" y="186" width="16" height="26" fill="${p.paper}"/>`;

/** A parent holding a child's hand, under a heart: custody. */
const parentChild: Motif = (p) =>
  person(84, 80, 1.5, p.main, p.ink) +
  person(166, 128, 1, p.accent, p.ink) +
  `<path d="M116 190q20 10 34-10" fill="none" stroke="${SKIN}" stroke-width="12" stroke-linecap="round"/>` +
  heart(180, 48, 22, p.paper) +
  `<rect x="20" y="212" width="200" height="10" rx="5" fill="${p.soft}"/>`;

/** A will on a scroll with a seal and a quill: inheritance. */
const will: Motif = (p) =>
  `<rect x="54" y="40" width="128" height="160" fill="${p.paper}"/>` +
  `<rect x="44" y="28" width="148" height="22" rx="11" fill="${p.main}"/>` +
  `<rect x="44" y="190" width="148" height="22" rx="11" fill="${p.main}"/>` +
  `<rect x="76" y="64" width="60" height="10" rx="5" fill="${p.accent}"/>` +
  textLines(76, 90, [84, 76, 84, 56], p.soft, 16) +
  `<path d="M150 160l-10 34 14-8 10 12 4-36z" fill="${p.accent}"/>` +
  `<circle cx="156" cy="156" r="16" fill="${p.accent}"/>` +
  star(156, 157, 9, p.paper) +
  `<path d="M214 28c-30 10-54 44-62 84l8 2c8-36 30-62 54-86z" fill="${p.ink}"/>` +
  `<path d="M214 28c-8 24-26 52-54 86" fill="none" stroke="${p.paper}" stroke-width="2"/>`;

/** A briefcase and a door: leaving a job. */
const briefcase: Motif = (p) =>
  `<rect x="150" y="30" width="70" height="170" rx="6" fill="${p.paper}"/>` +
  `<rect x="160" y="40" width="50" height="160" fill="${p.soft}"/>` +
  `<circle cx="200" cy="120" r="5" fill="${p.ink}"/>` +
  `<path d="M74 92V78a12 12 0 0 1 12-12h40a12 12 0 0 1 12 12v14" fill="none" stroke="${p.ink}" stroke-width="10"/>` +
  `<rect x="26" y="90" width="160" height="112" rx="16" fill="${p.main}"/>` +
  `<rect x="26" y="132" width="160" height="14" fill="${p.ink}" opacity="0.25"/>` +
  `<rect x="92" y="124" width="28" height="30" rx="5" fill="${GOLD}"/>` +
  `<path d="M40 218h90" stroke="${p.accent}" stroke-width="8" stroke-linecap="round"/>` +
  `<path d="M116 206l16 12-16 12" fill="none" stroke="${p.accent}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A wallet with coins and a clock: unpaid wages and overtime. */
const wallet: Motif = (p) =>
  `<rect x="24" y="74" width="150" height="116" rx="18" fill="${p.main}"/>` +
  `<path d="M24 96a22 22 0 0 1 22-22h110v-8a10 10 0 0 0-10-10H48a24 24 0 0 0-24 24z" fill="${p.ink}" opacity="0.35"/>` +
  `<rect x="120" y="112" width="64" height="40" rx="12" fill="${p.paper}"/>` +
  `<circle cx="140" cy="132" r="8" fill="${p.accent}"/>` +
  coin(70, 60, 20) +
  coin(104, 46, 16) +
  `<circle cx="182" cy="184" r="38" fill="${p.paper}"/>` +
  `<circle cx="182" cy="184" r="38" fill="none" stroke="${p.accent}" stroke-width="8"/>` +
  `<path d="M182 184v-22M182 184l14 10" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/>`;

/** A hard hat and a first-aid cross: injuries at work. */
const hardhat: Motif = (p) =>
  `<path d="M36 150a84 84 0 0 1 168 0z" fill="${GOLD}"/>` +
  `<path d="M104 70h32v80h-32z" fill="${GOLD_DARK}" opacity="0.5"/>` +
  `<rect x="20" y="146" width="200" height="22" rx="11" fill="${GOLD_DARK}"/>` +
  `<circle cx="178" cy="186" r="36" fill="${p.paper}"/>` +
  `<path d="M168 164h20v12h12v20h-12v12h-20v-12h-12v-20h12z" fill="${p.accent}"/>` +
  sparkle(46, 52, 12, p.paper);

/** A house and its key: buying a home. */
const houseKey: Motif = (p) =>
  `<path d="M24 110L104 42l80 68" fill="none" stroke="${p.main}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M44 102l60-50 60 50v102H44z" fill="${p.paper}"/>` +
  `<rect x="86" y="146" width="36" height="58" rx="4" fill="${p.main}"/>` +
  `<rect x="56" y="118" width="24" height="24" rx="3" fill="${p.soft}"/>` +
  `<rect x="128" y="118" width="24" height="24" rx="3" fill="${p.soft}"/>` +
  `<circle cx="180" cy="170" r="22" fill="none" stroke="${GOLD}" stroke-width="12"/>` +
  `<path d="M196 186l26 26M208 198l-8 8M218 208l-8 8" stroke="${GOLD}" stroke-width="10" stroke-linecap="round"/>`;

/** An apartment block and a key tag: renting. */
const apartment: Motif = (p) => {
  let windows = '';
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      windows += `<rect x="${56 + col * 30}" y="${54 + row * 32}" width="18" height="20" rx="3" fill="${(row + col) % 3 === 0 ? GOLD : p.soft}"/>`;
    }
  }
  return (
    `<rect x="40" y="34" width="112" height="180" rx="8" fill="${p.paper}"/>` +
    windows +
    `<rect x="82" y="184" width="28" height="30" fill="${p.main}"/>` +
    `<path d="M170 94l40 0 0 70-20 18-20-18z" fill="${p.accent}"/>` +
    `<circle cx="190" cy="108" r="7" fill="${p.paper}"/>` +
    `<path d="M190 100c-4-30-30-40-46-30" fill="none" stroke="${p.ink}" stroke-width="4"/>` +
    textLines(178, 126, [24, 18], p.paper, 12)
  );
};

/** A phone with a coin and a warning: online loans and debt collection. */
const onlineLoan: Motif = (p) =>
  `<rect x="40" y="24" width="104" height="192" rx="18" fill="${p.ink}"/>` +
  `<rect x="50" y="42" width="84" height="150" rx="6" fill="${p.paper}"/>` +
  coin(92, 96, 26) +
  textLines(64, 140, [56, 40], p.soft, 14) +
  `<rect x="64" y="170" width="56" height="14" rx="7" fill="${p.main}"/>` +
  `<circle cx="178" cy="84" r="34" fill="${p.accent}"/>` +
  `<rect x="174" y="62" width="8" height="28" rx="4" fill="${p.paper}"/><circle cx="178" cy="102" r="5" fill="${p.paper}"/>` +
  `<path d="M160 150h50M196 136l14 14-14 14" fill="none" stroke="${p.paper}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A car on a road: traffic accidents. */
const car: Motif = (p) =>
  `<rect x="10" y="188" width="220" height="14" rx="7" fill="${p.ink}" opacity="0.5"/>` +
  `<path d="M30 194h28M90 194h28M150 194h28" stroke="${p.paper}" stroke-width="4"/>` +
  `<path d="M24 160v-22c0-8 6-14 14-16l22-4 24-30c4-5 10-8 16-8h52c7 0 13 3 17 9l20 29 22 6c7 2 12 8 12 15v21a8 8 0 0 1-8 8H32a8 8 0 0 1-8-8z" fill="${p.main}"/>` +
  `<path d="M74 118l20-24c2-3 5-4 8-4h20v28zM134 90h18c4 0 7 2 9 5l16 23h-43z" fill="${p.paper}"/>` +
  `<circle cx="70" cy="170" r="22" fill="${p.ink}"/><circle cx="70" cy="170" r="9" fill="${p.soft}"/>` +
  `<circle cx="176" cy="170" r="22" fill="${p.ink}"/><circle cx="176" cy="170" r="9" fill="${p.soft}"/>` +
  `<rect x="200" y="132" width="16" height="8" rx="4" fill="${GOLD}"/>` +
  `<path d="M196 30l26 44h-52z" fill="${p.accent}"/><rect x="193" y="44" width="6" height="16" rx="3" fill="${p.paper}"/>` +
  `<circle cx="196" cy="66" r="3.5" fill="${p.paper}"/>`;

/** A calculator and a receipt: personal income tax. */
const calculator: Motif = (p) => {
  let keys = '';
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      keys += `<rect x="${48 + col * 30}" y="${102 + row * 26}" width="22" height="18" rx="4" fill="${row === 3 && col === 2 ? p.accent : p.soft}"/>`;
    }
  }
  return (
    `<path d="M140 30h76v170l-10-8-10 8-10-8-10 8-10-8-10 8-10-8-6 8z" fill="${p.paper}"/>` +
    textLines(152, 52, [52, 40, 52, 30, 46], p.soft, 18) +
    `<rect x="152" y="150" width="52" height="10" rx="5" fill="${p.accent}"/>` +
    `<rect x="34" y="40" width="120" height="176" rx="16" fill="${p.main}"/>` +
    `<rect x="48" y="56" width="92" height="32" rx="6" fill="${p.paper}"/>` +
    `<rect x="104" y="68" width="28" height="10" rx="3" fill="${p.ink}"/>` +
    keys
  );
};

/** A small shop with an awning: small business tax. */
const storefront: Motif = (p) => {
  let awning = '';
  for (let i = 0; i < 6; i++) {
    const x = 28 + i * 31;
    const fill = i % 2 === 0 ? p.accent : p.paper;
    awning += `<path d="M${x} 70h31v30a15.5 15.5 0 0 1-31 0z" fill="${fill}"/>`;
  }
  return (
    `<rect x="38" y="96" width="166" height="112" fill="${p.paper}"/>` +
    `<rect x="34" y="40" width="174" height="32" rx="6" fill="${p.main}"/>` +
    awning +
    `<rect x="56" y="128" width="60" height="46" rx="4" fill="${p.soft}"/>` +
    `<rect x="134" y="128" width="48" height="80" rx="4" fill="${p.main}"/>` +
    `<circle cx="172" cy="170" r="4" fill="${p.paper}"/>` +
    `<rect x="20" y="206" width="200" height="10" rx="5" fill="${p.ink}" opacity="0.4"/>` +
    coin(206, 44, 20)
  );
};

/** A pie chart and bars: shares and equity. */
const pieChart: Motif = (p) =>
  `<circle cx="96" cy="110" r="70" fill="${p.paper}"/>` +
  `<path d="M96 110V40a70 70 0 0 1 66.6 91.6z" fill="${p.main}"/>` +
  `<path d="M96 110l66.6 21.6A70 70 0 0 1 116 177z" fill="${p.accent}"/>` +
  `<circle cx="96" cy="110" r="24" fill="${p.soft}"/>` +
  `<rect x="150" y="176" width="18" height="36" rx="3" fill="${p.main}"/>` +
  `<rect x="176" y="152" width="18" height="60" rx="3" fill="${p.accent}"/>` +
  `<rect x="202" y="128" width="18" height="84" rx="3" fill="${p.paper}"/>` +
  `<path d="M30 214h196" stroke="${p.ink}" stroke-width="5" stroke-linecap="round" opacity="0.5"/>`;

export const motifs = {
  phone,
  cards,
  ai,
  face,
  scales,
  templates,
  coupon,
  shopping,
  antifraud,
  family,
  iou,
  classroom,
  rings,
  parentChild,
  will,
  briefcase,
  wallet,
  hardhat,
  houseKey,
  apartment,
  onlineLoan,
  car,
  calculator,
  storefront,
  pieChart,
} as const satisfies Record<string, Motif>;

export type MotifName = keyof typeof motifs;
