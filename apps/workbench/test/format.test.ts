import { describe, expect, it } from 'vitest';
import { clockText, durationText, fieldText, timeText, yuanText } from '../src/format.ts';
import { eventCode } from '../src/lawyer/realtime.ts';

describe('workbench display helpers', () => {
  it('call timer and durations', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(65.9)).toBe('01:05');
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(-3)).toBe('00:00');
    expect(durationText(null)).toBe('—');
    expect(durationText(40)).toBe('40秒');
    expect(durationText(120)).toBe('2分0秒');
    expect(durationText(95)).toBe('1分35秒');
    expect(durationText(3725)).toBe('62分5秒');
  });

  it('consult fields by the contract’s one name', () => {
    expect(fieldText(2)).toBe('婚姻家庭');
    expect(fieldText(4)).toBe('债权债务');
    expect(fieldText(999)).toBe('综合咨询');
  });

  it('money and Beijing time', () => {
    expect(yuanText(12.5)).toBe('¥12.50');
    expect(yuanText(0)).toBe('¥0.00');
    expect(timeText(Date.parse('2026-11-21T06:05:00Z'))).toBe('11-21 14:05');
    expect(timeText(null)).toBe('—');
  });

  it('websocket messages: the event code or null', () => {
    expect(eventCode('{"code":"104","data":{"orderId":"T1","expiresAt":1}}')).toBe('104');
    expect(eventCode('{"code":"pong"}')).toBe('pong');
    expect(eventCode('not json')).toBeNull();
    expect(eventCode('null')).toBeNull();
    expect(eventCode(new ArrayBuffer(2))).toBeNull();
  });
});
