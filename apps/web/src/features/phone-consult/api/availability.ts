import type { ConsultAvailability } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** The lawyer asked for on a profile (`?lawyer=`), before the order: who, and whether free now. */
export type AvailabilityLawyer = NonNullable<ConsultAvailability['requestedLawyer']>;

/** order/availability's answer; `requestedLawyer` only with `lawyer=` (null for an unknown one). */
export type CallAvailability = ConsultAvailability;

/** How often SubTel asks again while it is open: lawyers go on- and offline. */
export const AVAILABILITY_POLL_MS = 20_000;

/**
 * GET order/availability (public): whether lawyers of the field — or any — are online now, the
 * service hours and when lawyers are expected; with `lawyer` (a user id from a profile's 电话咨询)
 * also that lawyer and whether they are free. Quiet: SubTel says it could not tell instead.
 */
export const availabilityQuery = (field: number, lawyerUserId: number | null) =>
  queryOptions({
    queryKey: ['callAvailability', field, lawyerUserId] as const,
    queryFn: ({ signal }) =>
      api.get<CallAvailability>(
        'order/availability',
        { field, lawyer: lawyerUserId ?? undefined },
        { signal, ignoreError: true },
      ),
    staleTime: 10_000,
    refetchInterval: AVAILABILITY_POLL_MS,
    refetchIntervalInBackground: false,
  });
