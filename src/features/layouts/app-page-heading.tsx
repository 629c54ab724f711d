import { layoutCopy } from "./copy";
import { PageHeading } from "./page-heading";

/** Heading of an AI application page (对话 / 工作流 / 文本生成) and the application id it addresses. */
export function AppPageHeading({ title, appId }: { title: string; appId: string }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageHeading
        title={title}
        description={
          <>
            {layoutCopy.appPage.appId}
            <span className="font-mono break-all">{appId}</span>
          </>
        }
      />
    </div>
  );
}
