import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Q, ServiceFileRow } from './repo.ts';

const MIME_OF_EXT: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

const FILE_KINDS = ['evidence', 'letterPdf', 'entrustmentPdf', 'document'] as const;
export type ServiceFileKind = (typeof FILE_KINDS)[number];

/**
 * Evidence of a new or edited order: the person's own finished uploads (oss/breakpointUpload).
 * Another person's uuid (or one that never finished) is refused with 400 before anything is
 * written. Answers the rows to insert (in the caller's transaction).
 */
export async function evidenceRows(
  db: Q,
  userId: number,
  orderId: string,
  uploadIds: readonly string[],
  now: number,
): Promise<ServiceFileRow[]> {
  const ids = [...new Set(uploadIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const uploads = await db
    .selectFrom('uploads')
    .select(['id', 'size', 'ext'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
  const byId = new Map(uploads.map((u) => [u.id, u]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw badRequest(`有${missing.length}个证据文件不存在或未上传完成，请重新上传后再提交`);
  }
  return ids.map((id, i) => {
    const u = byId.get(id) as (typeof uploads)[number];
    return {
      id: randomUUID(),
      order_id: orderId,
      kind: 'evidence',
      name: `证据${i + 1}.${u.ext}`,
      mime: MIME_OF_EXT[u.ext] ?? 'application/octet-stream',
      size: u.size,
      upload_id: u.id,
      storage: null,
      created_by: 'person',
      created_at: now + i,
    };
  });
}

/**
 * Keeps a file the server made or a lawyer sent (bytes under DATA_DIR/services/{orderId}/) and
 * its row, in the caller's transaction. The bytes are written first: a transaction that fails
 * after leaves an unreferenced file, never a row without bytes.
 */
export async function storeServiceFile(
  db: Q,
  dataDir: string,
  file: {
    orderId: string;
    kind: ServiceFileKind;
    name: string;
    mime: string;
    ext: string;
    bytes: Uint8Array;
    createdBy: 'person' | 'lawyer' | 'system';
    now: number;
  },
): Promise<ServiceFileRow> {
  if (!/^S\d{8}[0-9A-Z]{8}$/.test(file.orderId) || !/^[a-z0-9]{1,8}$/.test(file.ext))
    throw badRequest('文件信息不正确');
  const id = randomUUID();
  const relative = join('services', file.orderId, `${id}.${file.ext}`);
  const target = join(dataDir, relative);
  await mkdir(join(dataDir, 'services', file.orderId), { recursive: true });
  await writeFile(`${target}.part`, file.bytes);
  await rename(`${target}.part`, target);
  const row: ServiceFileRow = {
    id,
    order_id: file.orderId,
    kind: file.kind,
    name: file.name.slice(0, 200),
    mime: file.mime,
    size: file.bytes.byteLength,
    upload_id: null,
    storage: relative,
    created_by: file.createdBy,
    created_at: file.now,
  };
  await db.insertInto('service_files').values(row).execute();
  return row;
}

/** One file of one order (the caller has checked who may see the order), or 404. */
export async function openServiceFile(
  db: Q,
  dataDir: string,
  orderId: string,
  fileId: string,
): Promise<{ stream: ReadStream; mime: string; size: number; name: string }> {
  const file = await db
    .selectFrom('service_files')
    .selectAll()
    .where('id', '=', fileId.toLowerCase())
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!file) throw notFound('文件不存在');
  let path: string;
  if (file.upload_id !== null) {
    const upload = await db
      .selectFrom('uploads')
      .select(['user_id', 'sha256', 'ext'])
      .where('id', '=', file.upload_id)
      .executeTakeFirst();
    if (!upload || !/^[0-9a-f]{64}$/.test(upload.sha256) || !/^[a-z0-9]{1,8}$/.test(upload.ext))
      throw notFound('文件不存在');
    path = join(dataDir, 'uploads', String(upload.user_id), `${upload.sha256}.${upload.ext}`);
  } else {
    const relative = normalize(file.storage ?? '');
    if (!relative || relative.startsWith('..') || relative.startsWith(sep)) throw notFound('文件不存在');
    path = join(dataDir, relative);
  }
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw notFound('文件不存在');
  return { stream: createReadStream(path), mime: file.mime, size, name: file.name };
}

/** Content-Disposition for a Chinese file name (RFC 6266 filename*, an ASCII fallback). */
export function dispositionOf(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
