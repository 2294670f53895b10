import { MAX_PRIVATE_COUNSEL, type PageResult, type PrivateCounsel } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { lawyerExists } from '../lawyers/repo.ts';
import { LAWYER_NOT_FOUND } from '../lawyers/service.ts';
import {
  countCounsel,
  deleteCounsel,
  findCounselByLawyer,
  insertCounsel,
  listCounsel,
  pageCounsel,
} from './repo.ts';

/** A person's private lawyers (PrivateLawyer, PrivateInfo). Every call is for the logged-in user. */
export class CounselService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
  ) {}

  async page(userId: number, paging: { page: number; limit: number }): Promise<PageResult<PrivateCounsel>> {
    const { list, total } = await pageCounsel(this.db, userId, paging.page, paging.limit);
    return toPage(list, total, paging.page, paging.limit);
  }

  list(userId: number): Promise<PrivateCounsel[]> {
    return listCounsel(this.db, userId, MAX_PRIVATE_COUNSEL);
  }

  /** Adding a lawyer already in the list answers the existing record (added: false). */
  async add(userId: number, lawyerId: number): Promise<{ counsel: PrivateCounsel; added: boolean }> {
    if (!(await lawyerExists(this.db, lawyerId))) throw notFound(LAWYER_NOT_FOUND);
    const existing = await findCounselByLawyer(this.db, userId, lawyerId);
    if (existing) return { counsel: existing, added: false };
    if ((await countCounsel(this.db, userId)) >= MAX_PRIVATE_COUNSEL) {
      throw conflict(`私人律师最多添加${MAX_PRIVATE_COUNSEL}位，请先移除不再需要的律师`);
    }
    const added = await insertCounsel(this.db, userId, lawyerId, this.clock());
    const counsel = await findCounselByLawyer(this.db, userId, lawyerId);
    if (!counsel) throw notFound(LAWYER_NOT_FOUND);
    return { counsel, added };
  }

  /** Removes one of the user's own records; another person's id is "not found" and stays. */
  async remove(userId: number, id: number): Promise<void> {
    if (!(await deleteCounsel(this.db, userId, id))) throw notFound('没有找到这位私人律师，可能已经移除');
  }
}
