import { createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { WireCode } from '@lawline/contract';
import type { UploadSliceFields, UploadSliceResult, UploadType } from '@lawline/contract/schemas';
import type { Db } from '../../db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import type { Q } from '../calls/repo.ts';

/** One slice at most (the client cuts files in slices of about 1 MB). */
export const MAX_SLICE_BYTES = 2 * 1024 * 1024;
/** A whole file at most. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Kind = { ext: string; mime: string };
const PDF: Kind = { ext: 'pdf', mime: 'application/pdf' };
const PNG: Kind = { ext: 'png', mime: 'image/png' };
const JPG: Kind = { ext: 'jpg', mime: 'image/jpeg' };
const DOCX: Kind = {
  ext: 'docx',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const ZIP: Kind = { ext: 'zip', mime: 'application/zip' };
const KINDS: Record<string, Kind> = { pdf: PDF, png: PNG, jpg: JPG, docx: DOCX, zip: ZIP };

/** What each upload type accepts (spec: '8' documents, '25' bank card pictures). */
const ALLOWED: Record<UploadType, readonly Kind[]> = {
  '8': [PDF, PNG, JPG, DOCX, ZIP],
  '25': [PNG, JPG, PDF],
};

/** File-name extensions a client may name, and the content each must hold. */
const NAMED_EXT: Record<string, string> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  docx: 'docx',
  zip: 'zip',
};

const startsWith = (data: Buffer, magic: number[]) =>
  data.length >= magic.length && magic.every((b, i) => data[i] === b);

/** The content's real type from its first bytes (never from the name the client gives). */
export function sniff(data: Buffer): Kind | null {
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(data, [0xff, 0xd8, 0xff])) return JPG;
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    // A Word document is a zip whose entry names (stored uncompressed) include word/….
    return data.includes('[Content_Types].xml') && data.includes('word/') ? DOCX : ZIP;
  }
  return null;
}

/**
 * The extension a client's file name claims: '' for none (a slice named 'blob'), else one of
 * NAMED_EXT's values, else the raw extension (which matches nothing and is refused). Names with
 * a path or control characters are refused outright: the server never uses them as paths anyway.
 */
export function claimedExt(fileName: string | undefined): string {
  if (!fileName) return '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[/\\\u0000-\u001f]/.test(fileName) || fileName.includes('..') || fileName.length > 200)
    throw badRequest('文件名不合法');
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return '';
  const ext = fileName.slice(dot + 1).toLowerCase();
  return NAMED_EXT[ext] ?? ext;
}

/** startedAt: the first slice's time (the sweep's clock); absent in slices from before it was kept. */
type Meta = { countSlice: number; type: UploadType; ext: string; startedAt?: number };

/** An upload whose last slice has not come this long after its first is dropped (sweepAbandoned). */
const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

const tooLarge = (msg: string) => new AppError(WireCode.tooLarge, msg);
const wrongType = (type: UploadType) =>
  badRequest(
    type === '25'
      ? '仅支持上传 JPG、PNG 图片或 PDF 文件'
      : '仅支持上传 PDF、Word（docx）、JPG、PNG 或 ZIP 文件',
  );

/**
 * Sliced uploads (oss/breakpointUpload). Slices wait in `${dataDir}/uploads/tmp/{userId}/{uuid}/`
 * (the user from the token, the uuid checked as a UUID: no client text becomes a path); when the
 * last one is in, the file is joined, its type checked from its bytes, and it is kept as
 * `${dataDir}/uploads/{userId}/{sha256}.{ext}` with a row in `uploads`.
 */
export class UploadService {
  private readonly root: string;
  /** One slice of an upload at a time (per user and uuid), so the last two cannot both finish it. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly clock: () => number,
  ) {
    this.root = join(dataDir, 'uploads');
  }

  /** Account closure: the person's files are personal data; rows, files and waiting slices go. */
  async erase(trx: Q, userId: number): Promise<void> {
    await trx.deleteFrom('uploads').where('user_id', '=', userId).execute();
    for (const dir of [join(this.root, String(userId)), join(this.root, 'tmp', String(userId))]) {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Drops the slices of uploads begun over ABANDONED_UPLOAD_MS ago and never finished (a closed
   * page, a lost phone): they would fill the disk with parts of files nobody can use. An upload
   * taking a slice right now is left alone. Answers how many went.
   */
  async sweepAbandoned(): Promise<number> {
    const tmp = join(this.root, 'tmp');
    const cutoff = this.clock() - ABANDONED_UPLOAD_MS;
    let removed = 0;
    for (const user of await readdir(tmp).catch(() => [] as string[])) {
      const userDir = join(tmp, user);
      for (const uuid of await readdir(userDir).catch(() => [] as string[])) {
        if (this.locks.has(`${user}/${uuid}`)) continue;
        const meta = await readMeta(join(userDir, uuid, 'meta.json'));
        if (meta && (meta.startedAt ?? 0) > cutoff) continue;
        await removeSlices(join(userDir, uuid));
        removed += 1;
      }
    }
    return removed;
  }

  static url(uuid: string): string {
    return `/api/v2/oss/file/${uuid}`;
  }

  async saveSlice(
    userId: number,
    fields: UploadSliceFields,
    data: Buffer,
    fileName: string | undefined,
  ): Promise<UploadSliceResult> {
    if (!Number.isSafeInteger(userId) || userId <= 0 || !UUID.test(fields.uuid))
      throw badRequest('上传标识格式不正确');
    const ext = claimedExt(fileName);
    if (ext !== '' && !Object.values(NAMED_EXT).includes(ext)) throw wrongType(fields.type);
    if (data.length === 0) throw badRequest('分片内容为空');
    if (data.length > MAX_SLICE_BYTES) throw tooLarge('分片过大，每片不超过 2 MB');
    const key = `${userId}/${fields.uuid.toLowerCase()}`;
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.saveLocked(userId, fields, data, ext));
    this.locks.set(key, run);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === run) this.locks.delete(key);
    }
  }

  private async saveLocked(
    userId: number,
    fields: UploadSliceFields,
    data: Buffer,
    ext: string,
  ): Promise<UploadSliceResult> {
    const uuid = fields.uuid.toLowerCase();
    const done = await this.db
      .selectFrom('uploads')
      .select(['user_id'])
      .where('id', '=', uuid)
      .executeTakeFirst();
    if (done) {
      // Sending the last slice again (a lost answer) gets the same url; anyone else's uuid is taken.
      if (done.user_id !== userId) throw conflict('上传标识已被使用，请重新选择文件');
      return { url: UploadService.url(uuid), received: fields.countSlice, countSlice: fields.countSlice };
    }
    const dir = join(this.root, 'tmp', String(userId), uuid);
    await mkdir(dir, { recursive: true });
    const metaFile = join(dir, 'meta.json');
    const meta = await readMeta(metaFile);
    if (meta) {
      if (
        meta.countSlice !== fields.countSlice ||
        meta.type !== fields.type ||
        (ext && meta.ext && ext !== meta.ext)
      )
        throw badRequest('分片信息与之前的分片不一致，请重新上传');
    } else {
      const started: Meta = {
        countSlice: fields.countSlice,
        type: fields.type,
        ext,
        startedAt: this.clock(),
      };
      await writeFile(metaFile, JSON.stringify(started));
    }
    const fail = async (error: AppError): Promise<never> => {
      await removeSlices(dir);
      throw error;
    };
    // The first slice already shows the type: refuse it before anything else arrives.
    if (fields.slice === 0) {
      const kind = sniff(data);
      if (data.length >= 8 && (!kind || !allowed(fields.type, kind, ext || meta?.ext || '', true)))
        return fail(wrongType(fields.type));
    }
    const present = await this.slicesIn(dir, fields.countSlice);
    let total = data.length;
    for (const [i, size] of present) if (i !== fields.slice) total += size;
    if (total > MAX_FILE_BYTES) return fail(tooLarge('文件过大，不能超过 20 MB'));
    // Written aside and renamed: a slice is either whole or absent; sending it again overwrites it.
    const part = join(dir, `${fields.slice}.part`);
    await writeFile(part, data);
    await rename(part, join(dir, String(fields.slice)));
    present.set(fields.slice, data.length);
    if (present.size < fields.countSlice)
      return { url: null, received: present.size, countSlice: fields.countSlice };

    const chunks: Buffer[] = [];
    for (let i = 0; i < fields.countSlice; i++) chunks.push(await readFile(join(dir, String(i))));
    const file = Buffer.concat(chunks);
    if (file.length > MAX_FILE_BYTES) return fail(tooLarge('文件过大，不能超过 20 MB'));
    const kind = sniff(file);
    const claimed = ext || meta?.ext || '';
    if (!kind || !allowed(fields.type, kind, claimed, false)) return fail(wrongType(fields.type));
    if (claimed && claimed !== kind.ext) return fail(badRequest('文件扩展名与文件内容不符'));
    const sha256 = createHash('sha256').update(file).digest('hex');
    const userDir = join(this.root, String(userId));
    await mkdir(userDir, { recursive: true });
    const target = join(userDir, `${sha256}.${kind.ext}`);
    const staging = join(dir, 'joined');
    await writeFile(staging, file);
    await rename(staging, target);
    await this.db
      .insertInto('uploads')
      .values({
        id: uuid,
        user_id: userId,
        type: fields.type,
        size: file.length,
        sha256,
        ext: kind.ext,
        created_at: this.clock(),
      })
      .execute();
    await removeSlices(dir);
    return { url: UploadService.url(uuid), received: fields.countSlice, countSlice: fields.countSlice };
  }

  /** The slices already in the directory: index → size. */
  private async slicesIn(dir: string, countSlice: number): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const name of await readdir(dir)) {
      if (!/^\d+$/.test(name)) continue;
      const i = Number(name);
      if (i < countSlice) out.set(i, (await stat(join(dir, name))).size);
    }
    return out;
  }

  /** The owner's file, or 404 for anyone else (the same answer as a uuid that never existed). */
  async open(
    userId: number,
    uuid: string,
  ): Promise<{ stream: ReadStream; mime: string; size: number; fileName: string }> {
    if (!UUID.test(uuid)) throw notFound('文件不存在');
    const row = await this.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', uuid.toLowerCase())
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const kind = row ? KINDS[row.ext] : undefined;
    if (!row || !kind || !/^[0-9a-f]{64}$/.test(row.sha256)) throw notFound('文件不存在');
    const path = join(this.root, String(userId), `${row.sha256}.${kind.ext}`);
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) throw notFound('文件不存在');
    return { stream: createReadStream(path), mime: kind.mime, size, fileName: `${row.id}.${kind.ext}` };
  }
}

function allowed(type: UploadType, kind: Kind, claimed: string, early: boolean): boolean {
  // Early (first slice only) a zip may still turn out a Word document: judge the whole file.
  if (early && kind === ZIP) return ALLOWED[type].includes(DOCX) || ALLOWED[type].includes(ZIP);
  if (!ALLOWED[type].includes(kind)) return false;
  // A '.docx' that is a plain zip is no Word document.
  return !(claimed === 'docx' && kind === ZIP && !early);
}

async function readMeta(file: string): Promise<Meta | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Meta;
  } catch {
    return null;
  }
}

/** Drops an upload's slices, and the user's tmp directory when nothing else waits there. */
async function removeSlices(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await rmdir(dirname(dir)).catch(() => undefined);
}
