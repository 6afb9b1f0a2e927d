import { ConfigProvider as ThemeProvider } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** A page's own empty document: no script runs in it (the console's code draws into it), and it is loaded from nothing. */
const emptyPage = '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>';

/** The console's style sheets (the app's own among them, as its chunks load), copied into the frame and kept in step. */
function copyStyles(into: Document): () => void {
  const copied = new Set<Node>();
  const copy = () => {
    for (const node of document.head.querySelectorAll('link[rel="stylesheet"], style')) {
      if (copied.has(node)) continue;
      copied.add(node);
      into.head.append(into.importNode(node, true));
    }
  };
  copy();
  const watcher = new MutationObserver(copy);
  watcher.observe(document.head, { childList: true });
  return () => watcher.disconnect();
}

/**
 * The applicant's page at a device's size: an iframe of that width and height, so the app's style sheets lay it out
 * as they would on that device (their media queries read the frame's width), with `children` drawn into it by the
 * console (a portal, events and all). Its language is the page's own.
 */
export function PreviewFrame({ width, height, language, title, children }: { width: number; height: number; language: string; title: string; children: ReactNode }) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!frame) return;
    let stop = () => {};
    const ready = () => {
      const page = frame.contentDocument;
      if (!page?.body) return;
      stop();
      stop = copyStyles(page);
      setBody(page.body);
    };
    ready();
    frame.addEventListener('load', ready);
    return () => {
      frame.removeEventListener('load', ready);
      stop();
    };
  }, [frame]);
  useEffect(() => {
    if (body) body.ownerDocument.documentElement.lang = language;
  }, [body, language]);
  return (
    <>
      <iframe ref={setFrame} className="ops-preview-frame" title={title} srcDoc={emptyPage} width={width} height={height} />
      {body
        ? createPortal(
            // antd's pop-ups (a select's list, a date's calendar) open in the frame, beside the form.
            <ThemeProvider getPopupContainer={() => body}>{children}</ThemeProvider>,
            body,
          )
        : null}
    </>
  );
}
