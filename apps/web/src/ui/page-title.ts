import { create } from 'zustand';

/**
 * The title the current page's frame shows (PageShell publishes it, for the page it belongs to):
 * app/layout/route-effects.ts puts it into document.title and the share data, so a title the page
 * learns later (a card's name) reaches the tab, WeChat's title bar and shared links.
 */
interface PageTitleState {
  page: string | null;
  title: string | null;
  publish(page: string, title: string): void;
}

export const usePageTitle = create<PageTitleState>()((set) => ({
  page: null,
  title: null,
  publish: (page, title) => set((s) => (s.page === page && s.title === title ? s : { page, title })),
}));
