"use client";

import "katex/dist/katex.min.css";
import "./highlight.css";
import type { Element, ElementContent } from "hast";
import { useRef, type ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import rehypeKatex from "rehype-katex";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import { CopyButton } from "./copy-button";
import { MermaidDiagram } from "./mermaid-diagram";

function languageOf(node: Element | undefined): string | undefined {
  const code = node?.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes.map(String) : [];
  return list.find((name) => name.startsWith("language-"))?.slice("language-".length);
}

function textOf(node: ElementContent | Element): string {
  if (node.type === "text") return node.value;
  return "children" in node ? node.children.map(textOf).join("") : "";
}

/** A code block with its language and a copy button; a `mermaid` block is drawn as its diagram. */
function CodeBlock(props: ComponentProps<"pre"> & { node?: Element }) {
  if (languageOf(props.node) === "mermaid" && props.node) return <MermaidDiagram source={textOf(props.node)} fallback={<PlainCodeBlock {...props} />} />;
  return <PlainCodeBlock {...props} />;
}

function PlainCodeBlock({ node, children, ...props }: ComponentProps<"pre"> & { node?: Element }) {
  const pre = useRef<HTMLPreElement>(null);
  const language = languageOf(node);
  return (
    <div className="group/code not-first:mt-3 overflow-hidden rounded-lg border bg-muted/60">
      <div className="flex items-center justify-between border-b bg-muted px-3 py-1 text-xs text-muted-foreground">
        <span className="font-mono">{language ?? "代码"}</span>
        <CopyButton label="复制代码" getText={() => pre.current?.textContent ?? ""} />
      </div>
      {/* Focusable so that a keyboard can scroll a long line (axe: scrollable-region-focusable); tables the same. */}
      <pre ref={pre} {...props} tabIndex={0} className="overflow-x-auto p-3 text-[13px] leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {children}
      </pre>
    </div>
  );
}

/** react-markdown passes its hast `node` to components: not a DOM attribute. */
function omitNode<T extends { node?: unknown }>(props: T): Omit<T, "node"> {
  const rest = { ...props };
  delete rest.node;
  return rest;
}

const components: Components = {
  pre: CodeBlock,
  a: (props) => <a {...omitNode(props)} target="_blank" rel="noopener noreferrer" />,
  table: (props) => (
    <div tabIndex={0} className="overflow-x-auto outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      <table {...omitNode(props)} />
    </div>
  ),
  // eslint-disable-next-line @next/next/no-img-element -- answers link images on any host; next/image needs known hosts
  img: ({ alt, ...props }) => <img {...omitNode(props)} alt={alt ?? ""} loading="lazy" className="max-h-96 max-w-full rounded-md" />,
};

/**
 * For text written for someone else (a shared conversation): an image becomes its description, so
 * opening the page makes no request the author chose — not even to our own origin, where the
 * visitor's cookies would go along (the CSP already blocks other hosts).
 */
const componentsWithoutImages: Components = {
  ...components,
  img: ({ alt }) => <span className="text-muted-foreground">［图片{alt ? `：${alt}` : ""}］</span>,
};

const remarkPlugins = [remarkGfm, remarkMath];
const rehypePlugins = [[rehypeHighlight, { detect: false }], [rehypeKatex, { throwOnError: false, strict: "ignore" }]] as ComponentProps<typeof ReactMarkdown>["rehypePlugins"];

/** Markdown of an answer: GFM (tables, task lists), math (KaTeX), highlighted code. Raw HTML is not rendered. */
export default function MarkdownRenderer({ source, images = true }: { source: string; images?: boolean }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={images ? components : componentsWithoutImages}>
      {source}
    </ReactMarkdown>
  );
}
