import { z } from 'zod';
import { positiveId, searchTextParam } from './catalogue.ts';
import { PageQueryShape, pageResult, payload } from './common.ts';

/** Shown instead of the player while the sample videos cannot be played. */
export const SAMPLE_VIDEO_NOTICE = '示例视频暂不可播放';

export const VideoLawyerSchema = z.object({
  id: z.number().int(),
  realName: z.string(),
  faceUrl: z.string(),
  lawyerLevel: z.number().int().nullable(),
  levelName: z.string().nullable(),
  lawFirm: z.string(),
});

/** A lawyer video (VideoList). */
export const VideoCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  coverUrl: z.string(),
  durationS: z.number().int(),
  /** m:ss or h:mm:ss */
  durationText: z.string(),
  /** Consult field the video is about. */
  field: z.number().int(),
  fieldName: z.string(),
  /** ISO 8601 */
  createDate: z.string(),
  /** false: show SAMPLE_VIDEO_NOTICE instead of playing. */
  playable: z.boolean(),
  lawyer: VideoLawyerSchema,
});
export type VideoCard = z.infer<typeof VideoCardSchema>;
export const VideoPageSchema = pageResult(VideoCardSchema);

/** The Video page. */
export const VideoDetailSchema = VideoCardSchema.extend({
  description: z.string(),
  videoUrl: z.string(),
  /** Text to show when playable is false, else null. */
  notice: z.string().nullable(),
});
export type VideoDetail = z.infer<typeof VideoDetailSchema>;

/** video/list: paged, optionally one lawyer's videos or a title search. */
export const VideoListQuerySchema = payload({
  ...PageQueryShape,
  lawyerId: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    positiveId('律师id').optional(),
  ),
  keyword: searchTextParam('搜索关键词'),
});
export const VideoIdQuerySchema = payload({ id: positiveId('视频id') });
