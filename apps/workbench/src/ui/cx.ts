/** Joins the class names that apply: `cx(styles.card, live && styles.live)`. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
