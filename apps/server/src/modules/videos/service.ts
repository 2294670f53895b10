import type { PageResult, VideoCard, VideoDetail } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { toPage } from '../../db/query-helpers.ts';
import { notFound } from '../../http/errors.ts';
import { findVideo, pageVideos, type VideoFilter } from './repo.ts';

/** Lawyer videos (VideoList, Video). The sample videos are not playable: the API says so. */
export class VideoService {
  constructor(private readonly db: Db) {}

  async page(query: VideoFilter & { page: number; limit: number }): Promise<PageResult<VideoCard>> {
    const { page, limit, ...filter } = query;
    const { list, total } = await pageVideos(this.db, filter, page, limit);
    return toPage(list, total, page, limit);
  }

  async detail(id: number): Promise<VideoDetail> {
    const video = await findVideo(this.db, id);
    if (!video) throw notFound('视频不存在或已下架');
    return video;
  }
}
