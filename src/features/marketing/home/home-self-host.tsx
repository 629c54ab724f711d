import { BookOpen } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { marketingCopy } from "../copy";

/** For operators: the two commands, and where to read on. */
export function HomeSelfHost() {
  const copy = marketingCopy.home;
  return (
    <section aria-labelledby="home-self-host" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
      <div className="grid items-center gap-8 rounded-3xl border bg-card/70 p-8 shadow-sm md:grid-cols-2 md:p-12">
        <div>
          <h2 id="home-self-host" className="text-2xl font-bold tracking-tight">
            {copy.selfHostTitle}
          </h2>
          <p className="mt-3 leading-7 text-muted-foreground">{copy.selfHostText}</p>
          <Button variant="outline" asChild className="mt-6">
            <Link href="/docs/quick-start">
              <BookOpen aria-hidden />
              {copy.selfHostCta}
            </Link>
          </Button>
        </div>
        <pre className="overflow-x-auto rounded-2xl bg-[#0f172a] p-6 font-mono text-sm leading-7 text-slate-100">
          <code>
            <span className="text-slate-400"># 安装依赖并启动，打开 http://localhost:3000</span>
            {"\nnpm install && npm run dev\n"}
            <span className="text-slate-400"># 运行全部测试</span>
            {"\nnpm test"}
          </code>
        </pre>
      </div>
    </section>
  );
}
