import { pageMetadata } from "@/features/marketing";
import { reportsCopy } from "@/features/reports";
import { reportContact } from "@/features/reports/server";

export const metadata = pageMetadata({ title: "投诉举报", description: "如何向思维火花投诉、举报违法和不良信息，以及我们的处理时限。", path: "/legal/report" });
// Prerendered like the other legal pages: the build renders the environment's contact and time, and
// each process revalidates every prerendered page once it listens (revalidateSiteWide), with its own.

/** 投诉举报: the public contact and the promised response time (REPORT_CONTACT_EMAIL, REPORT_RESPONSE_HOURS). */
export default function ReportPage() {
  const { email, responseHours } = reportContact();
  return (
    <article className="prose prose-neutral mx-auto max-w-3xl px-4 py-12 dark:prose-invert">
      <h1>投诉举报</h1>
      <p>如您发现本站的 AI 生成内容或用户分享的内容涉嫌违法违规、侵犯您的合法权益，欢迎向我们投诉举报。</p>
      <h2>举报方式</h2>
      <ul>
        <li>站内举报：在每条 AI 回答下方或分享页面底部点击“{reportsCopy.button}”，选择原因并补充说明（分享页面无需登录）。</li>
        {email ? (
          <li>
            邮件举报：<a href={`mailto:${email}`}>{email}</a>（请写明内容所在的页面链接与举报理由）。
          </li>
        ) : null}
      </ul>
      <h2>处理时限</h2>
      <p>我们会在收到举报后 {responseHours} 小时内核实处理；留下联系方式的，我们会将处理结果告知您。</p>
      <h2>可举报的内容</h2>
      <ul>
        {Object.values(reportsCopy.reasons).map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </article>
  );
}
