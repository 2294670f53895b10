import { api } from '../../../api/client.ts';

/** user/updateGuide: the new-user guide is done (spec §4: guideStatus '1'). */
export function updateGuide(): Promise<unknown> {
  return api.post('user/updateGuide', { guideStatus: '1' }, { ignoreError: true });
}
