import { confidentialityTemplates } from './confidentiality.ts';
import { divorceTemplates } from './divorce.ts';
import { equityTemplates } from './equity.ts';
import { houseSaleTemplates } from './house-sale.ts';
import { iouTemplates } from './iou.ts';
import { labourTemplates } from './labour.ts';
import { leaseTemplates } from './lease.ts';
import { loanTemplates } from './loan.ts';
import { partnershipTemplates } from './partnership.ts';
import { renovationTemplates } from './renovation.ts';
import { saleTemplates } from './sale.ts';
import { serviceTemplates } from './service.ts';
import type { TemplateSource } from './types.ts';
import { vehicleTemplates } from './vehicle.ts';

/** Every template we wrote, by category; ids are unique across files (the catalogue checks). */
export const ALL_TEMPLATES: readonly TemplateSource[] = [
  ...iouTemplates,
  ...loanTemplates,
  ...leaseTemplates,
  ...houseSaleTemplates,
  ...renovationTemplates,
  ...labourTemplates,
  ...confidentialityTemplates,
  ...divorceTemplates,
  ...saleTemplates,
  ...serviceTemplates,
  ...vehicleTemplates,
  ...equityTemplates,
  ...partnershipTemplates,
];
