import type { ReactNode } from 'react';

/**
 * Docusaurus's `@theme/CodeBlock`. A block whose code and props are literals in the doc never gets here: the compile
 * step turns it into a fenced block, highlighted at build time (src/content/plugins/docusaurus-code-blocks.ts).
 * This shows the rest, code known only when the page runs, in the same frame, unhighlighted: no highlighter
 * ships to the browser.
 */
export default function CodeBlock({
  children,
  language,
  className,
  title,
}: {
  children?: ReactNode;
  language?: string | undefined;
  className?: string | undefined;
  title?: ReactNode;
  metastring?: string | undefined;
  showLineNumbers?: boolean | number | undefined;
}) {
  const lang = language ?? /(?:^|\s)language-(\S+)/.exec(className ?? '')?.[1];
  const code = typeof children === 'string' ? children.replace(/\r?\n$/, '') : children;
  return (
    <div className="code-block" data-language={lang}>
      {title && <div className="code-title">{title}</div>}
      <pre className={lang ? `code language-${lang}` : 'code'} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
