import { consultFieldName } from '@lawline/contract';
import { SAMPLE_VIDEO_NOTICE, type VideoCard, type VideoDetail } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { containsText, isoTime, offsetOf } from '../../db/query-helpers.ts';
import { levelName } from '../lawyers/repo.ts';

export type VideoFilter = { lawyerId?: number | undefined; keyword?: string | undefined };

/** 75 → '1:15', 3725 → '1:02:05'. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function baseQuery(db: Db, filter: VideoFilter) {
  let query = db.selectFrom('lawyer_videos').innerJoin('lawyers', 'lawyers.id', 'lawyer_videos.lawyer_id');
  if (filter.lawyerId !== undefined) query = query.where('lawyer_videos.lawyer_id', '=', filter.lawyerId);
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) =>
      eb.or([
        containsText('lawyer_videos.title', keyword),
        containsText('lawyer_videos.description', keyword),
      ]),
    );
  }
  return query;
}

const columns = [
  'lawyer_videos.id',
  'lawyer_videos.title',
  'lawyer_videos.cover_url',
  'lawyer_videos.duration_s',
  'lawyer_videos.field',
  'lawyer_videos.description',
  'lawyer_videos.video_url',
  'lawyer_videos.playable',
  'lawyer_videos.created_at',
  'lawyers.id as lawyer_id',
  'lawyers.real_name',
  'lawyers.face_url',
  'lawyers.lawyer_level',
  'lawyers.law_firm',
] as const;

type Row = {
  id: number;
  title: string;
  cover_url: string;
  duration_s: number;
  field: number;
  description: string;
  video_url: string;
  playable: number;
  created_at: number;
  lawyer_id: number;
  real_name: string;
  face_url: string;
  lawyer_level: number | null;
  law_firm: string;
};

function toCard(row: Row): VideoCard {
  return {
    id: row.id,
    title: row.title,
    coverUrl: row.cover_url,
    durationS: row.duration_s,
    durationText: durationText(row.duration_s),
    field: row.field,
    fieldName: consultFieldName(row.field) ?? '其他',
    createDate: isoTime(row.created_at),
    playable: row.playable === 1,
    lawyer: {
      id: row.lawyer_id,
      realName: row.real_name,
      faceUrl: row.face_url,
      lawyerLevel: row.lawyer_level,
      levelName: levelName(row.lawyer_level),
      lawFirm: row.law_firm,
    },
  };
}

/** Newest first. */
export async function pageVideos(
  db: Db,
  filter: VideoFilter,
  page: number,
  limit: number,
): Promise<{ list: VideoCard[]; total: number }> {
  const [rows, count] = await Promise.all([
    baseQuery(db, filter)
      .select(columns)
      .orderBy('lawyer_videos.created_at', 'desc')
      .orderBy('lawyer_videos.id', 'desc')
      .limit(limit)
      .offset(offsetOf(page, limit))
      .execute(),
    baseQuery(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toCard), total: Number(count.n) };
}

export async function findVideo(db: Db, id: number): Promise<VideoDetail | null> {
  const row = await baseQuery(db, {}).select(columns).where('lawyer_videos.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const playable = row.playable === 1;
  return {
    ...toCard(row),
    description: row.description,
    videoUrl: row.video_url,
    notice: playable ? null : SAMPLE_VIDEO_NOTICE,
  };
}

/** A lecturer's videos for LecturerInfo, newest first. */
export async function listVideosOfLawyer(db: Db, lawyerId: number) {
  const rows = await db
    .selectFrom('lawyer_videos')
    .select(['id', 'title', 'cover_url', 'duration_s', 'playable'])
    .where('lawyer_id', '=', lawyerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    coverUrl: r.cover_url,
    durationS: r.duration_s,
    playable: r.playable === 1,
  }));
}
