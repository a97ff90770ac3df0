/**
 * antd-mobile for React 19: import its components from here, not from 'antd-mobile', so that its
 * imperative APIs (Dialog.show, Modal.alert, Toast) render through React 19's createRoot. Only the
 * routes that use antd-mobile pay for it; the shell itself does not import it (DESIGN §8 budget).
 */
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    root.unmount();
  };
});

export * from 'antd-mobile';
