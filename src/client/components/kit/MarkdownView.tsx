// Renders Markdown (briefs, messages and replies) from the shared reader's blocks: React elements only,
// never injected HTML; a link is an http(s) address that opens in a new tab without the portal as its opener.
import { Fragment, useMemo } from "react";
import { type Block, parseMarkdown, type Span } from "../../../shared/text/markdown";
import { cn } from "../../lib/cn";

function Spans({ spans }: { spans: Span[] }) {
  return (
    <>
      {spans.map((span, index) => {
        let node: React.ReactNode = span.text;
        if (span.code) node = <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">{node}</code>;
        if (span.italic) node = <em>{node}</em>;
        if (span.bold) node = <strong className="font-semibold text-slate-900">{node}</strong>;
        if (span.href) {
          node = (
            <a
              href={span.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {node}
            </a>
          );
        }
        // biome-ignore lint/suspicious/noArrayIndexKey: spans have no identity beyond their position
        return <Fragment key={index}>{node}</Fragment>;
      })}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "heading":
      if (block.level === 1) {
        return (
          <h2 className="text-2xl font-bold tracking-tight text-brand-900">
            <Spans spans={block.spans} />
          </h2>
        );
      }
      if (block.level === 2) {
        return (
          <h3 className="mt-6 border-b border-slate-200 pb-1 text-lg font-semibold text-brand-900">
            <Spans spans={block.spans} />
          </h3>
        );
      }
      return (
        <h4 className="mt-4 font-semibold text-slate-900">
          <Spans spans={block.spans} />
        </h4>
      );
    case "paragraph":
      return (
        <p className="leading-relaxed text-slate-700">
          <Spans spans={block.spans} />
        </p>
      );
    case "list": {
      const Tag = block.ordered ? "ol" : "ul";
      return (
        <Tag
          start={block.ordered ? block.start : undefined}
          className={cn(
            "grid gap-1 pl-6 text-slate-700",
            block.ordered ? "list-decimal marker:font-semibold marker:text-brand-700" : "list-disc marker:text-brand-500",
          )}
        >
          {block.items.map((item, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional
              key={index}
              className={cn("pl-1 leading-relaxed", item.level > 0 && "list-[circle]")}
              style={item.level > 0 ? { marginLeft: `${item.level * 1.25}rem` } : undefined}
            >
              <Spans spans={item.spans} />
            </li>
          ))}
        </Tag>
      );
    }
    case "quote":
      return (
        <blockquote className="border-l-4 border-brand-200 bg-brand-50/60 px-4 py-2 text-slate-700 italic">
          <Spans spans={block.spans} />
        </blockquote>
      );
    case "code":
      return <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-800">{block.text}</pre>;
    case "rule":
      return <hr className="border-slate-200" />;
  }
}

export function MarkdownView({ markdown, className }: { markdown: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  return (
    <article className={cn("grid gap-3 text-[15px]", className)}>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positional and re-parsed on every change
        <BlockView key={index} block={block} />
      ))}
    </article>
  );
}
