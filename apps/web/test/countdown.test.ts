import { Timing } from '@lawline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownLabel, createCountdown, GET_CODE_LABEL } from '../src/lib/countdown.ts';

describe('the get-code countdown (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('labels: 已发送(n秒) while counting, 获取验证码 when idle', () => {
    expect(countdownLabel(60)).toBe('已发送(60秒)');
    expect(countdownLabel(1)).toBe('已发送(1秒)');
    expect(countdownLabel(0)).toBe(GET_CODE_LABEL);
    expect(GET_CODE_LABEL).toBe('获取验证码');
  });

  it('counts down from 60 once a second, then returns to idle and stops', () => {
    const countdown = createCountdown();
    const seen: number[] = [];
    countdown.subscribe(() => seen.push(countdown.left));
    expect(countdown.left).toBe(0);
    countdown.start();
    expect(Timing.smsCountdownS).toBe(60);
    expect(countdown.left).toBe(60);
    vi.advanceTimersByTime(999);
    expect(countdown.left).toBe(60);
    vi.advanceTimersByTime(1);
    expect(countdown.left).toBe(59);
    expect(countdownLabel(countdown.left)).toBe('已发送(59秒)');
    vi.advanceTimersByTime(58_000);
    expect(countdown.left).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(countdown.left).toBe(0);
    expect(countdownLabel(countdown.left)).toBe('获取验证码');
    expect(seen).toEqual(Array.from({ length: 61 }, (_, i) => 60 - i));
    vi.advanceTimersByTime(10_000);
    expect(countdown.left).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reset() re-enables at once (a failed send), and start() restarts from the top', () => {
    const countdown = createCountdown(5);
    countdown.start();
    vi.advanceTimersByTime(2000);
    expect(countdown.left).toBe(3);
    countdown.reset();
    expect(countdown.left).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    countdown.start();
    vi.advanceTimersByTime(1000);
    countdown.start();
    expect(countdown.left).toBe(5);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('unsubscribed listeners hear nothing more', () => {
    const countdown = createCountdown(3);
    const listener = vi.fn();
    const off = countdown.subscribe(listener);
    countdown.start();
    off();
    vi.advanceTimersByTime(3000);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
