import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Kuaidi100CourierProvider } from '../src/providers/courier/kuaidi100.ts';
import { CourierStatus, latestStatus, type Shipment } from '../src/providers/courier/port.ts';
import { SandboxCourierProvider } from '../src/providers/courier/sandbox.ts';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-25T02:00:00Z');

const shipment: Shipment = {
  orderRef: 'LL20261125000001',
  sender: { name: '北京市正义律师事务所', phone: '01088886666', address: '北京市朝阳区建国路99号20层' },
  recipient: { name: '李强', phone: '13800138000', address: '北京市海淀区中关村大街1号院3号楼501室' },
  item: '律师函',
};

describe('sandbox courier', () => {
  it('books an SF-style number and the events appear as the clock moves', async () => {
    let now = T0;
    const courier = new SandboxCourierProvider(() => now);
    const { trackingNo, carrier } = await courier.send(shipment);
    expect(trackingNo).toMatch(/^SF\d{13}$/);
    expect(carrier).toContain('顺丰');
    const statusAt = async (hours: number) => {
      now = T0 + hours * HOUR;
      return (await courier.track(trackingNo)).map((e) => e.status);
    };
    expect(await statusAt(0)).toEqual(['created']);
    expect(await statusAt(0.99)).toEqual(['created']);
    expect(await statusAt(1)).toEqual(['created', 'collected']);
    expect(await statusAt(3)).toEqual(['created', 'collected', 'in_transit']);
    expect(await statusAt(20)).toEqual(['created', 'collected', 'in_transit', 'delivering']);
    const events = await courier.track(trackingNo);
    now = T0 + 24 * HOUR;
    const all = await courier.track(trackingNo);
    expect(latestStatus(all)).toBe('signed');
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort((a, b) => a - b));
    expect(all.slice(0, events.length)).toEqual(events); // history never changes
    for (const event of all) expect(event.text).toMatch(/[\u4e00-\u9fff]/);
    expect(CourierStatus[latestStatus(all) ?? 'created']).toBe('已签收');
  });

  it('is deterministic and keeps no state: another instance tracks the same number', async () => {
    const a = new SandboxCourierProvider(() => T0);
    const b = new SandboxCourierProvider(() => T0 + 25 * HOUR);
    const first = await a.send(shipment);
    expect((await a.send(shipment)).trackingNo).toBe(first.trackingNo);
    expect((await a.send({ ...shipment, orderRef: 'LL20261125000002' })).trackingNo).not.toBe(
      first.trackingNo,
    );
    expect(latestStatus(await b.track(first.trackingNo))).toBe('signed');
    expect(a.booked).toHaveLength(3);
  });

  it('compresses the journey with a speed factor (720: delivered in two minutes)', async () => {
    let now = T0;
    const courier = new SandboxCourierProvider(() => now, { speed: 720 });
    const { trackingNo } = await courier.send(shipment);
    now = T0 + 5_000; // 1 h / 720 = 5 s
    expect(latestStatus(await courier.track(trackingNo))).toBe('collected');
    now = T0 + 100_000; // 20 h / 720 = 100 s
    expect(latestStatus(await courier.track(trackingNo))).toBe('delivering');
    now = T0 + 120_000;
    expect(latestStatus(await courier.track(trackingNo))).toBe('signed');
    expect(() => new SandboxCourierProvider(() => now, { speed: 0 })).toThrow();
  });

  it('plays a refusal when the recipient says 拒收, and refuses bad input', async () => {
    let now = T0;
    const courier = new SandboxCourierProvider(() => now);
    const { trackingNo } = await courier.send({
      ...shipment,
      recipient: { ...shipment.recipient, name: '拒收先生' },
    });
    now = T0 + 30 * HOUR;
    const events = await courier.track(trackingNo);
    expect(latestStatus(events)).toBe('failed');
    expect(events.map((e) => e.status)).not.toContain('signed');
    await expect(courier.track('YT123')).rejects.toThrow('不存在');
    await expect(
      courier.send({ ...shipment, recipient: { ...shipment.recipient, phone: ' ' } }),
    ).rejects.toThrow('电话');
  });
});

describe('Kuaidi100 courier, offline', () => {
  // Fresh credentials per run: the test signs independently and compares.
  const key = randomBytes(12).toString('hex');
  const secret = randomBytes(16).toString('hex');
  const customer = randomBytes(16).toString('hex').toUpperCase();
  const md5Upper = (text: string) =>
    createHash('md5').update(Buffer.from(text, 'utf8')).digest('hex').toUpperCase();

  type Seen = { url: string; form: URLSearchParams; contentType: string | null };
  function provider(reply: unknown, seen: Seen[], status = 200) {
    return new Kuaidi100CourierProvider({
      key,
      secret,
      customer,
      kuaidicom: 'shunfeng',
      callbackUrl: 'https://h5.example.com/api/callbacks/courier/kuaidi100',
      clock: () => T0,
      fetch: async (input, init) => {
        seen.push({
          url: String(input),
          form: new URLSearchParams(String(init?.body)),
          contentType: new Headers(init?.headers).get('content-type'),
        });
        return new Response(JSON.stringify(reply), { status });
      },
    });
  }

  it('books with 商家寄件 (bOrder), signed MD5(param + t + key + secret), and reads the waybill number', async () => {
    const seen: Seen[] = [];
    // The documented answer of 商家寄件下单接口.
    const reply = {
      result: true,
      returnCode: '200',
      message: '提交成功',
      data: { taskId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90', orderId: '1234567', kuaidinum: 'SF1402139473654' },
    };
    const booked = await provider(reply, seen).send(shipment);
    expect(booked).toEqual({ trackingNo: 'SF1402139473654', carrier: '顺丰速运' });
    const [req] = seen;
    expect(req?.url).toBe('https://poll.kuaidi100.com/order/borderapi.do');
    expect(req?.contentType).toContain('application/x-www-form-urlencoded');
    const form = req?.form as URLSearchParams;
    expect(form.get('method')).toBe('bOrder');
    expect(form.get('key')).toBe(key);
    expect(form.get('t')).toBe(String(T0));
    const param = form.get('param') ?? '';
    expect(form.get('sign')).toBe(md5Upper(`${param}${T0}${key}${secret}`));
    expect(form.get('sign')).toMatch(/^[0-9A-F]{32}$/);
    expect(JSON.parse(param)).toMatchObject({
      kuaidicom: 'shunfeng',
      recManName: '李强',
      recManMobile: '13800138000',
      recManPrintAddr: shipment.recipient.address,
      sendManName: shipment.sender.name,
      sendManMobile: shipment.sender.phone,
      sendManPrintAddr: shipment.sender.address,
      cargo: '律师函',
      callBackUrl: 'https://h5.example.com/api/callbacks/courier/kuaidi100',
    });
  });

  it('reports a refused booking in Chinese and never invents a number', async () => {
    await expect(
      provider({ result: false, returnCode: '503', message: '签名认证失败', data: {} }, []).send(shipment),
    ).rejects.toThrow('快递100下单失败：503 签名认证失败');
    await expect(
      provider(
        { result: true, returnCode: '200', message: '提交成功', data: { taskId: 'x', orderId: 'y' } },
        [],
      ).send(shipment),
    ).rejects.toThrow('未返回运单号');
    await expect(provider({}, [], 502).send(shipment)).rejects.toThrow('HTTP 502');
  });

  it('tracks with the real-time query, signed MD5(param + key + customer), and parses the documented answer', async () => {
    const seen: Seen[] = [];
    // Shape of the documented 实时快递查询 answer (resultv2=1: per-event status names; newest first).
    const reply = {
      message: 'ok',
      nu: 'SF1402139473654',
      ischeck: '1',
      condition: 'F00',
      com: 'shunfeng',
      status: '200',
      state: '3',
      data: [
        {
          time: '2026-11-26 10:05:12',
          ftime: '2026-11-26 10:05:12',
          context: '[北京市]您的快件已签收，签收人：本人',
          status: '签收',
        },
        {
          time: '2026-11-26 08:30:00',
          ftime: '2026-11-26 08:30:00',
          context: '[北京市]快件交给王师傅，正在派送途中',
          status: '派件',
        },
        {
          time: '2026-11-25 13:20:00',
          ftime: '2026-11-25 13:20:00',
          context: '[北京市]快件已发车',
          status: '在途',
        },
        {
          time: '2026-11-25 11:00:00',
          ftime: '2026-11-25 11:00:00',
          context: '[北京市]顺丰速运已收取快件',
          status: '揽收',
        },
      ],
    };
    const events = await provider(reply, seen).track('SF1402139473654', { phone: '13800138000' });
    const [req] = seen;
    expect(req?.url).toBe('https://poll.kuaidi100.com/poll/query.do');
    const form = req?.form as URLSearchParams;
    expect(form.get('customer')).toBe(customer);
    const param = form.get('param') ?? '';
    expect(form.get('sign')).toBe(md5Upper(`${param}${key}${customer}`));
    expect(JSON.parse(param)).toMatchObject({
      com: 'shunfeng',
      num: 'SF1402139473654',
      phone: '13800138000',
    });
    expect(events.map((e) => e.status)).toEqual(['collected', 'in_transit', 'delivering', 'signed']);
    expect(events[0]).toEqual({
      at: Date.parse('2026-11-25T03:00:00Z'), // 11:00 Beijing
      status: 'collected',
      text: '[北京市]顺丰速运已收取快件',
    });
  });

  it('falls back to the overall state without per-event names; no result yet is no events', async () => {
    const reply = {
      message: 'ok',
      status: '200',
      state: '5',
      data: [
        { time: '2026-11-26 08:30:00', context: '派送中' },
        { time: '2026-11-25 13:20:00', context: '运输中' },
        { time: '2026-11-25 11:00:00', context: '已收件' },
      ],
    };
    const events = await provider(reply, []).track('SF1402139473654');
    expect(events.map((e) => e.status)).toEqual(['collected', 'in_transit', 'delivering']);
    expect(
      await provider({ result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' }, []).track(
        'SF1',
      ),
    ).toEqual([]);
    await expect(
      provider({ result: false, returnCode: '503', message: '验证签名失败' }, []).track('SF1'),
    ).rejects.toThrow('503 验证签名失败');
  });
});
