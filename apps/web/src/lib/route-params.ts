/** A positive integer id from a route param ('12' → 12); anything else → null (nothing to fetch). */
export function routeId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A product or member-card code from a route param (SC17001, MC19001), else null. */
export function routeProductCode(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && /^(SC|MC)\d{5}$/.test(code) ? code : null;
}

/** The first of comma-separated field codes ('5,4,15' → 5). */
export function firstSkillField(skillField: string): number | null {
  const first = skillField.split(',')[0]?.trim();
  return first && /^\d+$/.test(first) ? Number(first) : null;
}
