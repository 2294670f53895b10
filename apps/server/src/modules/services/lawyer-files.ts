import { WireCode } from '@lawline/contract';
import { AppError, badRequest } from '../../http/errors.ts';
import { claimedExt, sniff } from '../uploads/service.ts';
import { storeServiceFile } from './files.ts';
import type { Q } from './repo.ts';

/** A lawyer's document at most (lawyer/services/upload). */
export const MAX_LAWYER_FILE_BYTES = 10 * 1024 * 1024;

const LAWYER_FILE_TYPES: readonly string[] = ['pdf', 'jpg', 'png'];

/**
 * A lawyer's upload: one PDF, JPG or PNG of at most 10 MB, its type read from its bytes (never
 * from the name), kept under the order as a `document` file that a progress record may attach.
 */
export async function saveLawyerDocument(
  db: Q,
  dataDir: string,
  orderId: string,
  upload: { data: Buffer; fileName: string | undefined },
  now: number,
): Promise<{ fileId: string; name: string; size: number }> {
  const { data, fileName } = upload;
  if (data.length === 0) throw badRequest('文件内容为空，请重新选择文件');
  if (data.length > MAX_LAWYER_FILE_BYTES) throw new AppError(WireCode.tooLarge, '文件过大，不能超过 10 MB');
  const claimed = claimedExt(fileName);
  const kind = sniff(data);
  if (!kind || !LAWYER_FILE_TYPES.includes(kind.ext)) throw badRequest('仅支持上传 PDF、JPG 或 PNG 文件');
  if (claimed && claimed !== kind.ext) throw badRequest('文件扩展名与文件内容不符');
  const name = (fileName?.trim() || `文件.${kind.ext}`).slice(-100);
  const row = await storeServiceFile(db, dataDir, {
    orderId,
    kind: 'document',
    name,
    mime: kind.mime,
    ext: kind.ext,
    bytes: data,
    createdBy: 'lawyer',
    now,
  });
  return { fileId: row.id, name: row.name, size: row.size };
}
