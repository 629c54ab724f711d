import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { adminPageMetadata, requireAdminPage } from "@/features/admin/server";
import { BanPolicyForm, HitsFilter, HitsTable, parseHitQuery, safetyAdminCopy, WordListEditor } from "@/features/admin/safety";
import { banPolicyFromEnv, getWordList, listHits, listWords, loadBanPolicyOverrides } from "@/features/content-safety/server";
import { PageHeading } from "@/features/layouts";
import { getDatabase } from "@/lib/db";

export const generateMetadata = () => adminPageMetadata(safetyAdminCopy.title);
export const unstable_dynamicStaleTime = 0;

type Param = string | string[] | undefined;
type Props = { searchParams: Promise<Record<string, Param>> };

const one = (value: Param) => (typeof value === "string" ? value.slice(0, 100) : undefined);

/** 内容安全: moderation hits (filters, CSV), the repeated-hit ban and the built-in word list. */
export default async function AdminSafetyPage({ searchParams }: Props) {
  await requireAdminPage();
  const params = await searchParams;
  const { query, filters } = parseHitQuery((key) => one(params[key]));
  const db = await getDatabase();
  // The list is seeded on first use: show the seeded entries even before the first AI call.
  await getWordList().matcher();
  const [hits, words, banOverrides] = await Promise.all([listHits(db, filters), listWords(db), loadBanPolicyOverrides(db)]);
  const copy = safetyAdminCopy;
  return (
    <div className="grid gap-6">
      <PageHeading title={copy.title} description={copy.description} />
      <Card>
        <CardHeader className="grid gap-4">
          <CardTitle>{copy.hits.title}</CardTitle>
          <HitsFilter query={query} />
          <CardDescription>{copy.hits.count(hits.length)}</CardDescription>
        </CardHeader>
        <CardContent>
          <HitsTable hits={hits} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{copy.ban.title}</CardTitle>
          <CardDescription>{copy.ban.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <BanPolicyForm overrides={banOverrides} env={banPolicyFromEnv()} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{copy.words.title}</CardTitle>
          <CardDescription>{copy.words.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <WordListEditor words={words.map((word) => ({ id: word.id, entry: word.entry }))} />
        </CardContent>
      </Card>
    </div>
  );
}
