import type { UpdateUser, UserCenter } from '@lawline/contract/schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../../app/session-boot.ts';
import { useSession } from '../../../state/session.ts';

/** GET user/userCenter: what 我的 shows. Also kept in the session store for other features. */
export async function fetchUserCenter(signal?: AbortSignal): Promise<UserCenter> {
  const centre = await api.get<UserCenter>('user/userCenter', {}, { signal });
  useSession.getState().setUserCenter(centre);
  return centre;
}

export const userCenterQuery = () =>
  queryOptions({ queryKey: [...ME_QUERY_KEY, 'center'], queryFn: ({ signal }) => fetchUserCenter(signal) });

/** POST user/update: nickname and/or avatar; answers the new user centre. */
export async function updateUser(change: Pick<UpdateUser, 'nickname' | 'avatar'>): Promise<UserCenter> {
  const centre = await api.post<UserCenter>('user/update', change);
  const { userInfo, setUserInfo, setUserCenter } = useSession.getState();
  setUserCenter(centre);
  if (userInfo) setUserInfo({ ...userInfo, nickname: centre.nickname, avatar: centre.avatar });
  return centre;
}
