import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile's imperative APIs (Toast.show, Dialog.alert, ...) render with React 19's createRoot.
 * Import this module (for its effect) wherever such an API is used; it is kept out of the entry chunk.
 */
unstableSetRender((node, container) => {
  const host = container as Element & { __llRoot?: Root };
  host.__llRoot ??= createRoot(host);
  const root = host.__llRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__llRoot;
  };
});
