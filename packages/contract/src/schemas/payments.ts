import { z } from 'zod';
import { payload } from './common.ts';
import { UserCouponSchema } from './coupons.ts';
import { PaidInfoSchema } from './orders.ts';
import { productCodeParam } from './products.ts';

// ---------------------------------------------------------------------------------------------
// Payments, product orders and cards (issue 6). Money is yuan on the wire, fen inside. Order ids:
// phone orders 'T' + yyyymmdd + 8 characters; product orders (cards, services) 'P' + the same.
// ---------------------------------------------------------------------------------------------

/** Any order id a payment can be for. */
export const orderIdField = z
  .string({ error: '请提供订单号' })
  .trim()
  .min(1, '请提供订单号')
  .regex(/^[TPS]\d{8}[0-9A-Z]{8}$/, '订单号格式不正确');

/** A product order id ('P…'). */
export const productOrderIdField = z
  .string({ error: '请提供订单号' })
  .trim()
  .min(1, '请提供订单号')
  .regex(/^P\d{8}[0-9A-Z]{8}$/, '订单号格式不正确');

/** The person's coupon (user_coupons id); '' / null / absent = none. */
export const couponIdField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: '优惠券不存在' }).int('优惠券不存在').positive('优惠券不存在').optional(),
);

export const PayTypeSchema = z.enum(['0', '1', '5'], {
  error: '支付方式只能是 0（支付宝）、1（微信）或 5（微信服务商）',
});

/** Where the provider sends the person back: an http(s) URL of ours (checked on the server). */
const returnUrlField = z
  .string({ error: '返回地址必须是文字' })
  .trim()
  .max(1000, '返回地址过长')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), '返回地址格式不正确')
  .optional();

/** pay/createPayOrder: the Pay request of spec §3. The amount is the server's, never the client's. */
export const CreatePayOrderSchema = payload({
  payType: PayTypeSchema,
  orderId: orderIdField,
  couponId: couponIdField,
  return_url: returnUrlField,
  openid: z
    .string({ error: 'openid 必须是文字' })
    .trim()
    .max(128, 'openid 过长')
    .regex(/^[A-Za-z0-9_-]*$/, 'openid 格式不正确')
    .optional(),
});
export type CreatePayOrder = z.infer<typeof CreatePayOrderSchema>;

/** The Pay response fields of spec §3 (all present, null when not used by this pay type). */
export const PayOrderResultSchema = z.object({
  /** '2' already paid (nothing to do); '1' go to the provider. */
  payStatus: z.enum(['1', '2']),
  orderId: z.string(),
  /** Our payment attempt's out_trade_no; null when nothing had to be paid. */
  outTradeNo: z.string().nullable(),
  /** What the person pays, yuan. */
  amount: z.number(),
  /** Alipay WAP: an auto-submitting form to the gateway. */
  aliPayForm: z.string().nullable(),
  /** WeChat H5: the cashier URL (valid 5 minutes). */
  mweb_url: z.string().nullable(),
  /** WeChat JSAPI: the bridge's parameters; `singn` is the spec's name of paySign. */
  appid: z.string().nullable(),
  timeStamp: z.string().nullable(),
  nonce_str: z.string().nullable(),
  package: z.string().nullable(),
  prepay_id: z.string().nullable(),
  signType: z.string().nullable(),
  singn: z.string().nullable(),
});
export type PayOrderResult = z.infer<typeof PayOrderResultSchema>;

/** pay/queryPayOrder and pay/cancelPayOrder: the order's payment as the server knows it now. */
export const PayOrderIdSchema = payload({ orderId: orderIdField });
export const PayStateSchema = z.object({
  orderId: z.string(),
  /** '1' waiting for the provider, '2' paid, '3' failed or closed (pay again). */
  payStatus: z.enum(['1', '2', '3']),
  /** Yuan of the latest attempt, null when there is none. */
  amount: z.number().nullable(),
  message: z.string(),
});
export type PayState = z.infer<typeof PayStateSchema>;

/** order/calculatePayAmount: an existing order, or a product code about to be ordered. */
export const CalculatePayAmountSchema = payload({
  orderId: orderIdField.optional(),
  productCode: productCodeParam.optional(),
  couponId: couponIdField,
}).refine((v) => v.orderId !== undefined || v.productCode !== undefined, {
  message: '请提供订单号或产品编码',
  path: ['orderId'],
});
export type CalculatePayAmount = z.infer<typeof CalculatePayAmountSchema>;

export const PayAmountSchema = z.object({
  orderId: z.string().nullable(),
  productCode: z.string(),
  productName: z.string(),
  /** The order's price before rights and coupon. */
  orderPrice: z.number(),
  /** Taken off by the person's member rights (e.g. face consultation at 70 %). */
  memberDiscount: z.number(),
  couponId: z.number().int().nullable(),
  couponName: z.string().nullable(),
  couponValue: z.number(),
  /** Why the chosen coupon cannot be used (then couponValue is 0). */
  couponError: z.string().nullable(),
  needPayAmount: z.number(),
});
export type PayAmount = z.infer<typeof PayAmountSchema>;

/** order/reconfirmProductPrice (productCode SC17001, field 7): what this person pays per unit now. */
export const ReconfirmProductPriceSchema = payload({
  productCode: productCodeParam,
  field: z.coerce.number({ error: '咨询领域必须是数字' }).int().min(1).max(99).optional(),
});
export const ReconfirmedPriceSchema = z.object({
  productCode: z.string(),
  needPayAmount: z.number(),
  /** 元/分钟, 元/次, 元 … */
  unitText: z.string(),
  memberFree: z.boolean(),
});
export type ReconfirmedPrice = z.infer<typeof ReconfirmedPriceSchema>;

/** order/productOrderRate: the person's rate for a product (member rights). */
export const ProductOrderRateSchema = payload({ productCode: productCodeParam });
export const ProductRateSchema = z.object({
  productCode: z.string(),
  price: z.number(),
  /** Percent of the price the person pays: 100, 70 (face at 70 %), 0 (a free right left). */
  rate: z.number().int(),
  needPayAmount: z.number(),
  /** The member right that applies, if any. */
  rightCode: z.string().nullable(),
  /** Uses of that right left this card year (null = unlimited or none). */
  rightRemaining: z.number().int().nullable(),
  note: z.string(),
});
export type ProductRate = z.infer<typeof ProductRateSchema>;

/** order/createOrder: a member card (MC…) or a service by product code (SC18001, SC18004, SC19001–3). */
export const CreateProductOrderSchema = payload({
  productCode: productCodeParam,
  remark: z.string({ error: '备注必须是文字' }).trim().max(500, '备注最多500个字').optional(),
});
export type CreateProductOrder = z.infer<typeof CreateProductOrderSchema>;

export const CreatedProductOrderSchema = z.object({
  orderId: z.string(),
  /** General order status (spec §4): 3 unpaid, or 1 / 5 when nothing had to be paid. */
  status: z.number().int(),
  needPayAmount: z.number(),
});
export type CreatedProductOrder = z.infer<typeof CreatedProductOrderSchema>;

export const ProductOrderQuerySchema = payload({ orderId: productOrderIdField });
export const CancelProductOrderSchema = payload({
  orderId: productOrderIdField,
  reason: z.string({ error: '原因必须是文字' }).trim().max(200, '原因最多200个字').optional(),
});

export const RefundViewSchema = z.object({
  amount: z.number(),
  /** pending | succeeded | failed */
  state: z.string(),
  createdAt: z.number(),
  doneAt: z.number().nullable(),
});

export const ProductOrderDetailSchema = z.object({
  orderId: z.string(),
  /** card | service */
  kind: z.enum(['card', 'service']),
  productCode: z.string(),
  productName: z.string(),
  /** General order status (spec §4). */
  status: z.number().int(),
  statusText: z.string(),
  /** Payment waiting for the provider's answer. */
  payPending: z.boolean(),
  price: z.number(),
  memberDiscount: z.number(),
  couponName: z.string().nullable(),
  couponValue: z.number(),
  /** What is (or was) to pay. */
  payable: z.number(),
  paidAmount: z.number().nullable(),
  paidAt: z.number().nullable(),
  /** How it was paid (amount, time, method, coupon), null until paid. */
  payment: PaidInfoSchema.nullable(),
  remark: z.string(),
  createdAt: z.number(),
  /** Cards: the card's validity once paid. */
  cardExpireDate: z.string().nullable(),
  refund: RefundViewSchema.nullable(),
  actions: z.object({ canPay: z.boolean(), canCancel: z.boolean() }),
});
export type ProductOrderDetail = z.infer<typeof ProductOrderDetailSchema>;

/** coupon/usable: the person's valid coupons for an order or a product, each with what it takes off. */
export const UsableCouponQuerySchema = payload({
  orderId: orderIdField.optional(),
  productCode: productCodeParam.optional(),
}).refine((v) => v.orderId !== undefined || v.productCode !== undefined, {
  message: '请提供订单号或产品编码',
  path: ['productCode'],
});
export const UsableCouponSchema = UserCouponSchema.extend({
  usable: z.boolean(),
  /** Yuan it takes off this order (0 when not usable). */
  discount: z.number(),
  reason: z.string().nullable(),
});
export type UsableCoupon = z.infer<typeof UsableCouponSchema>;
export const UsableCouponListSchema = z.array(UsableCouponSchema);
