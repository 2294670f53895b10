import { useEffect, useRef } from 'react';

/**
 * Back closes an overlay (issue 23): while a popup, sheet or dialog is open it owns one history
 * entry (same address, marked in history.state), so the browser's or the phone's Back closes it
 * instead of leaving the page. Closing it any other way removes that entry again.
 *
 * An entry's place is (the router's `idx`, overlay depth): nested overlays stack (the agreement
 * over the login popup), and an overlay counts as gone when history is back before its place.
 */
const MARK = 'llOverlay';
/** How long to wait for the popstate of our own history.back() before going on without it. */
const POP_TIMEOUT_MS = 600;

interface OverlayState {
  idx?: number;
  [MARK]?: number;
}

function place(state: unknown): readonly [number, number] {
  const s = (state ?? {}) as OverlayState;
  return [typeof s.idx === 'number' ? s.idx : 0, typeof s[MARK] === 'number' ? s[MARK] : 0];
}

export interface BackEntry {
  /**
   * Removes the entry (a history.back() when it is the newest one; otherwise it is left as it is)
   * and then runs `then` — after the browser has gone back, so a navigation in `then` lands on the
   * page's own entry. Does not call the overlay's onBack.
   */
  leave(then?: () => void): void;
  /** Whether Back or leave() has not removed the entry yet. */
  readonly open: boolean;
}

/** Pushes the overlay's history entry; Back calls `onBack` (which should hide the overlay). */
export function openBackEntry(onBack: () => void, win: Window = window): BackEntry {
  const history = win.history;
  const [idx, depth0] = place(history.state);
  const depth = depth0 + 1;
  history.pushState({ ...(history.state as object | null), [MARK]: depth }, '');

  let open = true;
  let leaving = false;
  let after: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const finish = (byBack: boolean) => {
    if (!open) return;
    open = false;
    win.removeEventListener('popstate', onPop);
    clearTimeout(timer);
    if (byBack) onBack();
    const run = after;
    after = null;
    run?.();
  };
  function onPop() {
    const [i, d] = place(history.state);
    if (i < idx || (i === idx && d < depth)) finish(!leaving);
  }
  win.addEventListener('popstate', onPop);

  return {
    get open() {
      return open;
    },
    leave(then) {
      if (!open) {
        then?.();
        return;
      }
      if (then) after = then;
      if (leaving) return;
      const [i, d] = place(history.state);
      if (i === idx && d === depth) {
        leaving = true;
        timer = setTimeout(() => finish(false), POP_TIMEOUT_MS);
        history.back();
      } else {
        // Something was navigated to on top of it: leave the entry, it is the page's address.
        finish(false);
      }
    },
  };
}

/**
 * The hook form: while `open` is true the overlay has its history entry and Back calls `onBack`.
 * When `open` turns false by other means the entry goes. Returns `leave(then)`: remove the entry
 * first and run `then` afterwards — use it when closing is followed by a navigation (closing the
 * login popup on /User goes back a page) or by something that may navigate (the after-login action).
 *
 *   const leave = useBackCloses(visible, hide);
 *   <button onClick={() => leave(hide)}>关闭</button>
 */
export function useBackCloses(open: boolean, onBack: () => void): (then?: () => void) => void {
  const entry = useRef<BackEntry | null>(null);
  const onBackRef = useRef(onBack);
  useEffect(() => {
    onBackRef.current = onBack;
  });

  useEffect(() => {
    if (open && !entry.current) {
      const created = openBackEntry(() => {
        if (entry.current === created) entry.current = null;
        onBackRef.current();
      });
      entry.current = created;
    } else if (!open && entry.current) {
      const current = entry.current;
      entry.current = null;
      current.leave();
    }
  }, [open]);

  const leave = useRef((then?: () => void) => {
    const current = entry.current;
    entry.current = null;
    if (current) current.leave(then);
    else then?.();
  });
  return leave.current;
}
