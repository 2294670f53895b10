import { appendTokenToOwnLink, type LinkTarget, parseLinkTarget } from '@lawline/contract';
import type { Article } from '@lawline/contract/schemas';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.ts';
import { useChannel } from '../state/channel.ts';
import { useSession } from '../state/session.ts';

/** A link leaving the app: on the product's own domain it carries the person's token (spec §2). */
export function outboundUrl(url: string): string {
  const token = useSession.getState().token;
  const ownDomain = useChannel.getState().data?.ownDomain ?? '';
  return appendTokenToOwnLink(url, token, ownDomain);
}

export interface LinkHandlers {
  /** `ilawyer`: AI consultation (home). */
  onAi?: () => void;
  /** `show_coupon`: claim the channel's coupon (home). */
  onCoupon?: () => void;
}

/**
 * Follows a banner or card target (spec §2): go_ → route, http → external page, ilawyer and
 * show_coupon → the handlers given (home), else home. Returns what the target meant.
 */
export function useOpenTarget(handlers: LinkHandlers = {}): (target: string) => LinkTarget {
  const navigate = useNavigate();
  return (target) => {
    const parsed = parseLinkTarget(target);
    switch (parsed.kind) {
      case 'route':
        navigate(parsed.path);
        break;
      case 'external':
        window.location.assign(outboundUrl(parsed.url));
        break;
      case 'ai':
        if (handlers.onAi) handlers.onAi();
        else navigate(paths.home());
        break;
      case 'coupon':
        if (handlers.onCoupon) handlers.onCoupon();
        else navigate(paths.home());
        break;
      case 'none':
        break;
    }
    return parsed;
  };
}

/** Opens an article: in the app, or at its infoUrl (with the token on the own domain). */
export function useOpenArticle(): (article: Pick<Article, 'id' | 'infoUrl'>) => void {
  const navigate = useNavigate();
  return (article) => {
    if (article.infoUrl) window.location.assign(outboundUrl(article.infoUrl));
    else navigate(paths.article(article.id));
  };
}
