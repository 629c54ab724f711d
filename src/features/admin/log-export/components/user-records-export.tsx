import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const chinaDate = (date: Date) => date.toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });

/** 导出记录: a plain GET form, so the browser downloads the CSV itself (the console API answers it). */
export function UserRecordsExport({ userId }: { userId: string }) {
  const today = new Date();
  return (
    <form method="get" action={`/api/admin/users/${userId}/records.csv`} className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor="records-from">开始日期</Label>
        <Input id="records-from" name="from" type="date" required defaultValue={chinaDate(new Date(today.getTime() - 30 * 86_400_000))} className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="records-to">结束日期</Label>
        <Input id="records-to" name="to" type="date" required defaultValue={chinaDate(today)} className="w-40" />
      </div>
      <Button type="submit" variant="outline">
        导出 AI 调用与登录记录（CSV）
      </Button>
    </form>
  );
}
