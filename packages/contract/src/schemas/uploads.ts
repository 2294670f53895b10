import { z } from 'zod';
import { payload } from './common.ts';

/** Upload types the app sends (spec: documents '8', bank card '25'). */
export const UploadTypeSchema = z.enum(['8', '25'], '上传类型不支持');
export type UploadType = z.infer<typeof UploadTypeSchema>;

/** Multipart fields arrive as text: a plain decimal, no signs, exponents or hex. */
const decimal = (max: number, what: string) =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,2})$/, `${what}必须是整数`)
    .transform(Number)
    .pipe(z.number().int().min(0, `${what}不能小于0`).max(max, `${what}不能大于${max}`));

/** At most this many slices per file (spec: sliced upload). */
export const MAX_UPLOAD_SLICES = 100;

/**
 * oss/breakpointUpload's text fields (the file part is `unionPayFile`). The uuid names the upload
 * and, being a UUID and nothing else, cannot carry a path; the server never uses a client file name.
 */
export const UploadSliceFieldsSchema = payload({
  slice: decimal(MAX_UPLOAD_SLICES - 1, '分片序号'),
  countSlice: decimal(MAX_UPLOAD_SLICES, '分片总数').pipe(z.number().min(1, '分片总数至少为1')),
  type: UploadTypeSchema,
  uuid: z.uuid('上传标识格式不正确'),
}).refine((f) => f.slice < f.countSlice, { message: '分片序号必须小于分片总数', path: ['slice'] });
export type UploadSliceFields = z.infer<typeof UploadSliceFieldsSchema>;

/** The fields as the OpenAPI document shows them (multipart/form-data), with the file part. */
export const UploadSliceFormSchema = z.object({
  slice: z.string().describe('分片序号，从0开始'),
  countSlice: z.string().describe('分片总数，1–100'),
  type: UploadTypeSchema.describe("上传类型：'8' 文件，'25' 银行卡"),
  uuid: z.string().describe('本次上传的标识（UUID），各分片相同'),
  unionPayFile: z.string().describe('分片内容（二进制，每片不超过 2 MB）'),
});

/** The answer to each slice: url stays null until the last slice is in. */
export const UploadSliceResultSchema = z.object({
  url: z.string().nullable(),
  received: z.number().int(),
  countSlice: z.number().int(),
});
export type UploadSliceResult = z.infer<typeof UploadSliceResultSchema>;

export const UploadFileParamsSchema = z.object({ uuid: z.uuid('文件标识格式不正确') });
