import { isPageName } from '@lawline/contract';
import { paths } from '../../app/paths.ts';

/** Where a scanned poster leads: /PostersRedict/:page (a page name), else home. */
export function posterTarget(param: string | undefined): string {
  if (param && isPageName(param) && param !== 'PostersRedict' && param !== 'ErrPage')
    return paths.page(param);
  return paths.home();
}
