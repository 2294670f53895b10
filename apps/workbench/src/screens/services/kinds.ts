import { ServiceKind } from '@lawline/contract';

/** The kinds the workbench serves now (issue 14), in the order the filters show them. */
export const workbenchKinds = [
  { kind: ServiceKind.faceConsult, name: '见面咨询' },
  { kind: ServiceKind.lawyerLetter, name: '律师函' },
  { kind: ServiceKind.lawsuit, name: '诉讼代理' },
] as const;

export type WorkbenchKind = (typeof workbenchKinds)[number]['kind'];

/** What the region of an offer is: where to meet, or where the court sits. */
export function regionLabel(kind: string): string {
  return kind === ServiceKind.lawsuit ? '法院所在地' : '见面城市';
}

/** Quoted kinds earn from the quote; the offer can only tell the deposit's share. */
export function isQuotedKind(kind: string): boolean {
  return kind === ServiceKind.lawsuit;
}
