import { contrastRatio, readableBrandColour } from '@lawline/contract';
import { describe, expect, it } from 'vitest';
import { openBackEntry } from '../src/ui/use-back-closes.ts';

describe('readable brand colours', () => {
  it('darkens light channel colours until white on them and they on the page reach 4.5:1', () => {
    for (const colour of ['#1F6FEB', '#FF7A18', '#C8102E', '#0E9F6E', '#7B4DFF', '#1677ff', '#ffd400']) {
      const readable = readableBrandColour(colour);
      expect(contrastRatio(readable, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(readable, '#f5f6f8')).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('keeps a colour that already reads', () => {
    expect(readableBrandColour('#C8102E')).toBe('#c8102e');
  });
  it('passes anything that is not a hex colour through', () => {
    expect(readableBrandColour('red')).toBe('red');
  });
});

/** A window with a session history of its own: pushState, back (popstate later), state. */
function fakeWindow() {
  const entries: unknown[] = [{ idx: 0 }];
  let at = 0;
  const listeners = new Set<() => void>();
  const win = {
    history: {
      get state() {
        return entries[at];
      },
      pushState(state: unknown) {
        entries.splice(at + 1);
        entries.push(state);
        at += 1;
      },
      back() {
        if (at === 0) return;
        at -= 1;
        queueMicrotask(() => {
          for (const l of [...listeners]) l();
        });
      },
    },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  return { win: win as unknown as Window, depth: () => at, listeners };
}

describe('overlays close on Back (openBackEntry)', () => {
  it('Back closes the overlay and removes its listener', async () => {
    const { win, depth, listeners } = fakeWindow();
    let closed = 0;
    const entry = openBackEntry(() => closed++, win);
    expect(depth()).toBe(1);
    win.history.back();
    await Promise.resolve();
    expect(closed).toBe(1);
    expect(entry.open).toBe(false);
    expect(listeners.size).toBe(0);
  });

  it('leave() removes the entry first and then runs what follows, without calling onBack', async () => {
    const { win, depth } = fakeWindow();
    let closed = 0;
    const order: string[] = [];
    const entry = openBackEntry(() => closed++, win);
    entry.leave(() => order.push(`then at depth ${depth()}`));
    expect(order).toEqual([]);
    await Promise.resolve();
    expect(order).toEqual(['then at depth 0']);
    expect(closed).toBe(0);
  });

  it('nested overlays: Back closes only the top one', async () => {
    const { win } = fakeWindow();
    const closed: string[] = [];
    const outer = openBackEntry(() => closed.push('outer'), win);
    openBackEntry(() => closed.push('inner'), win);
    win.history.back();
    await Promise.resolve();
    expect(closed).toEqual(['inner']);
    expect(outer.open).toBe(true);
  });
});
