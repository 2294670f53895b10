import type { CheckLawyerResult } from '@lawline/contract/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** uc/lawyerInfo/check: is this name and licence number a lawyer of the platform? */
export function useCheckLawyer() {
  return useMutation({
    mutationFn: (input: { name: string; licenseNo: string }) =>
      api.get<CheckLawyerResult>('uc/lawyerInfo/check', input),
  });
}
