import { topics } from '../topics.ts';
import { type MotifName, motifs, type Palette } from './motifs.ts';

/**
 * The seed's pictures: a scene is a motif in a palette, laid out for the picture's size. Banners
 * are vivid (a different colour and subject each), covers pale in their topic's colour. The left
 * part of a banner is kept quiet so that a page may write the banner's title over it.
 */

/** The sizes the seed uses: header, body and middle banners, covers, portrait covers, campaigns. */
export const ART_SIZES = [
  [750, 300],
  [690, 200],
  [690, 240],
  [690, 388],
  [300, 400],
  [600, 800],
] as const;

export type ArtSize = (typeof ART_SIZES)[number];

type Scene = { motif: MotifName; palette: Palette; vivid: boolean };

const WHITE = '#FFFFFF';

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace(/^#/, ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** a → b by t (0..1), as #RRGGBB. */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`.toUpperCase();
}

/** A banner's palette: a saturated background, white decoration. */
function vivid(
  bg: readonly [string, string],
  colours: { main: string; accent: string; ink: string; soft: string },
): Palette {
  return { bg, decor: WHITE, paper: WHITE, ...colours };
}

/** A cover's palette from its topic's colour: a pale background, the colour itself for the motif. */
function pale(colour: string, accent: string): Palette {
  const c = `#${colour.replace(/^#/, '')}`;
  return {
    bg: [mix(c, WHITE, 0.9), mix(c, WHITE, 0.76)],
    decor: c,
    main: c,
    accent,
    ink: mix(c, '#000000', 0.45),
    paper: WHITE,
    soft: mix(c, WHITE, 0.72),
  };
}

const banner = (motif: MotifName, palette: Palette): Scene => ({ motif, palette, vivid: true });
const cover = (motif: MotifName, colour: string, accent: string): Scene => ({
  motif,
  palette: pale(colour, accent),
  vivid: false,
});

const AMBER = '#F59F00';
const ORANGE = '#F76707';
const RED = '#E03131';
const LAWYERS = vivid(['#1B2A4A', '#3D5A8C'], {
  main: '#4C6EF5',
  accent: '#FF8787',
  ink: '#0B1533',
  soft: '#C5D0FF',
});
const SKY = '#1C7ED6';

const bannerScenes = {
  // Banners: one subject each.
  phone: banner(
    'phone',
    vivid(['#1763E0', '#4D9BFF'], { main: '#1677FF', accent: '#FFB020', ink: '#0B2F73', soft: '#DCE9FF' }),
  ),
  cards: banner(
    'cards',
    vivid(['#151515', '#45403A'], { main: '#3B5BDB', accent: '#F5B83D', ink: '#0B1533', soft: '#C5D0FF' }),
  ),
  ai: banner(
    'ai',
    vivid(['#5B21B6', '#9F67FF'], { main: '#7C3AED', accent: '#22D3EE', ink: '#2E1065', soft: '#E9DDFF' }),
  ),
  face: banner(
    'face',
    vivid(['#0C7A6E', '#2FB9A8'], { main: '#F59F00', accent: '#FF7A59', ink: '#134E4A', soft: '#CCF2EC' }),
  ),
  lawyers: banner('scales', LAWYERS),
  templates: banner(
    'templates',
    vivid(['#12805C', '#38C98A'], { main: '#0CA678', accent: '#F76707', ink: '#0B4F3A', soft: '#C3FAE8' }),
  ),
  coupon: banner(
    'coupon',
    vivid(['#D6202B', '#FF6B57'], { main: '#E03131', accent: '#FFD43B', ink: '#7A1010', soft: '#FFD8CF' }),
  ),
  guide: banner(
    'shopping',
    vivid(['#C2255C', '#F06595'], { main: '#5F3DC4', accent: '#FFD43B', ink: '#4A0D26', soft: '#FFDEEB' }),
  ),
  antifraud: banner(
    'antifraud',
    vivid(['#2B1B1B', '#8A2323'], { main: '#E03131', accent: '#FFD43B', ink: '#2B0A0A', soft: '#FFE3E3' }),
  ),
  family: banner(
    'family',
    vivid(['#C2410C', '#FF922B'], { main: '#E64980', accent: '#339AF0', ink: '#5C2B0A', soft: '#FFE8CC' }),
  ),
  loans: banner(
    'iou',
    vivid(['#0B7285', '#22B8CF'], { main: '#0B7285', accent: '#F03E3E', ink: '#083B45', soft: '#C5F6FA' }),
  ),
  classroom: banner(
    'classroom',
    vivid(['#3B6E08', '#82C91E'], { main: '#5C940D', accent: '#FFD43B', ink: '#2B4A05', soft: '#E9FAC8' }),
  ),
} as const satisfies Record<string, Scene>;

/** Each article topic's motif and second colour; the first colour is the topic's own. */
const topicMotifs: Record<string, readonly [MotifName, string]> = {
  'divorce-property': ['rings', AMBER],
  custody: ['parentChild', SKY],
  inheritance: ['will', AMBER],
  dismissal: ['briefcase', AMBER],
  wages: ['wallet', ORANGE],
  'work-injury': ['hardhat', RED],
  'home-purchase': ['houseKey', SKY],
  rental: ['apartment', SKY],
  'private-loan': ['iou', RED],
  'online-loan': ['onlineLoan', ORANGE],
  'online-shopping': ['shopping', AMBER],
  traffic: ['car', ORANGE],
  iit: ['calculator', ORANGE],
  'sme-tax': ['storefront', ORANGE],
  equity: ['pieChart', AMBER],
  fraud: ['antifraud', AMBER],
};

export type SceneName = keyof typeof bannerScenes | `topic-${string}`;

/** Banners, then article and video covers by topic (seed/topics.ts) in the topic's colour. */
export const scenes: Readonly<Record<SceneName, Scene>> = {
  ...bannerScenes,
  ...Object.fromEntries(
    topics.map((topic) => {
      const [motif, accent] = topicMotifs[topic.key] ?? (['scales', AMBER] as const);
      return [`topic-${topic.key}`, cover(motif, topic.color, accent)];
    }),
  ),
  // White scales need a dark ground: the lawyers' banner colours.
  'topic-lawyers': { motif: 'scales', palette: LAWYERS, vivid: true },
};

const isScene = (name: string): name is SceneName => Object.hasOwn(scenes, name);

/** Where the pictures are served (modules/media/routes.ts). */
export const ART_PREFIX = '/media/art/';

/** The address of a picture: made at seed time or on first use, kept in DATA_DIR (render.ts). */
export function artUrl(scene: SceneName, [w, h]: ArtSize): string {
  return `${ART_PREFIX}${scene}-${w}x${h}.webp`;
}

export type ArtSpec = { scene: SceneName; w: number; h: number };

const FILE_PATTERN = /^([a-z][a-z-]*)-([0-9]{3})x([0-9]{3})\.webp$/;

/** The picture a file name asks for, when the seed has such a scene in such a size; else null. */
export function parseArtFile(file: string): ArtSpec | null {
  const match = FILE_PATTERN.exec(file);
  if (!match) return null;
  const [, scene = '', ws = '', hs = ''] = match;
  const w = Number(ws);
  const h = Number(hs);
  if (!isScene(scene) || !ART_SIZES.some(([sw, sh]) => sw === w && sh === h)) return null;
  return { scene, w, h };
}

const f = (value: number) => Number(value.toFixed(1));

/** Rings, dots and a wave over the background, placed by the picture's size. */
function decoration(w: number, h: number, colour: string, vividScene: boolean, focus: [number, number]) {
  const strength = vividScene ? 1 : 0.7;
  const o = (value: number) => f(value * strength * 100) / 100;
  const unit = Math.min(w, h);
  const [fx, fy] = focus;
  let dots = '';
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 3; j++) {
      dots += `<circle cx="${f(w * 0.05 + i * unit * 0.075)}" cy="${f(h * 0.68 + j * unit * 0.075)}" r="${f(unit * 0.013)}"/>`;
    }
  }
  return (
    `<circle cx="${f(fx)}" cy="${f(fy)}" r="${f(unit * 0.62)}" fill="${colour}" opacity="${o(0.14)}"/>` +
    `<circle cx="${f(fx)}" cy="${f(fy)}" r="${f(unit * 0.46)}" fill="${colour}" opacity="${o(0.1)}"/>` +
    `<circle cx="${f(w * 0.3)}" cy="${f(-unit * 0.12)}" r="${f(unit * 0.5)}" fill="none" stroke="${colour}" ` +
    `stroke-width="${f(unit * 0.05)}" opacity="${o(0.1)}"/>` +
    `<g fill="${colour}" opacity="${o(0.3)}">${dots}</g>` +
    `<path d="M0 ${f(h * 0.86)}C${f(w * 0.3)} ${f(h * 0.76)} ${f(w * 0.62)} ${f(h * 0.98)} ${w} ${f(h * 0.82)}V${h}H0Z" ` +
    `fill="${colour}" opacity="${o(0.08)}"/>`
  );
}

/** The picture as SVG, deterministic: the same scene and size give the same text. */
export function artSvg({ scene, w, h }: ArtSpec): string {
  const found = scenes[scene];
  if (!found) throw new Error(`no such picture: ${scene}`);
  const { motif, palette, vivid: vividScene } = found;
  const ratio = w / h;
  // Wide banners: the motif on the right. Covers: in the middle. Portraits: in the upper middle.
  const size = ratio >= 2.2 ? h * 0.92 : ratio >= 1.2 ? h * 0.8 : w * 0.78;
  const x = ratio >= 2.2 ? w - size - h * 0.2 : (w - size) / 2;
  const y = ratio >= 1.2 ? (h - size) / 2 : h * 0.44 - size / 2;
  const focus: [number, number] = [x + size / 2, y + size / 2];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">' +
    `<stop offset="0" stop-color="${palette.bg[0]}"/><stop offset="1" stop-color="${palette.bg[1]}"/>` +
    '</linearGradient></defs>' +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    decoration(w, h, palette.decor, vividScene, focus) +
    `<g transform="translate(${f(x)} ${f(y)}) scale(${f((size / 240) * 1000) / 1000})">${motifs[motif](palette)}</g>` +
    '</svg>'
  );
}

/** A banner's picture from what it leads to (and, for links and phone consults, its title). */
export function bannerScene(target: string, title: string): SceneName {
  if (target === 'go_MemberCard') return 'cards';
  if (target === 'ilawyer') return 'ai';
  if (target === 'show_coupon') return 'coupon';
  if (target === 'go_Lawyer') return 'lawyers';
  if (target === 'go_SubDoc/docModule') return 'templates';
  if (target.startsWith('go_SubDoc/')) return 'face';
  if (target.startsWith('go_SubTel/')) {
    if (target === 'go_SubTel/4' || /借|债/.test(title)) return 'loans';
    if (target === 'go_SubTel/2' && /婚|家/.test(title)) return 'family';
    return 'phone';
  }
  if (/诈骗|安全/.test(title)) return 'antifraud';
  if (/课堂|普法|学/.test(title)) return 'classroom';
  return 'guide';
}

/** An article's cover by its topic (seed/topics.ts keys). */
export function topicScene(topicKey: string): SceneName {
  const name = `topic-${topicKey}`;
  return isScene(name) ? name : 'topic-lawyers';
}

/** A video's cover by its consult field and title. */
export function videoScene(field: number, title: string): SceneName {
  switch (field) {
    case 1:
      return /伤|残/.test(title) ? 'topic-work-injury' : 'topic-traffic';
    case 2:
      return /孩子|抚养/.test(title) ? 'topic-custody' : 'topic-divorce-property';
    case 3:
      return 'topic-home-purchase';
    case 4:
      return 'topic-private-loan';
    case 5:
      return /加班|工资|欠薪/.test(title) ? 'topic-wages' : 'topic-dismissal';
    case 6:
      return 'topic-online-shopping';
    case 12:
      return 'topic-equity';
    case 24:
    case 45:
      return 'topic-iit';
    default:
      return 'topic-lawyers';
  }
}
