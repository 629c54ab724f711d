import "server-only";
import { createSupabaseAdminClient } from "@/lib/supabase/admin";

/** Where documents' bytes are kept: the product's storage, one private bucket, keys `<owner>/<document id>`. */
export interface DocumentStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  remove(keys: readonly string[]): Promise<void>;
}

export const KNOWLEDGE_BUCKET = "knowledge-documents";

/**
 * The storage through supabase-js with the service role (as the files feature's server code does): the
 * embedded storage by default, a hosted Supabase project when configured. The bucket is created on first use.
 */
export function supabaseDocumentStorage(): DocumentStorage {
  let ready: Promise<Awaited<ReturnType<typeof createSupabaseAdminClient>>> | undefined;
  const bucket = async () => {
    ready ??= createSupabaseAdminClient().then(async (client) => {
      const { error } = await client.storage.createBucket(KNOWLEDGE_BUCKET, { public: false });
      if (error && !/exist/i.test(error.message)) {
        ready = undefined;
        throw new Error(`知识库存储桶创建失败：${error.message}`);
      }
      return client;
    });
    return (await ready).storage.from(KNOWLEDGE_BUCKET);
  };
  return {
    async put(key, bytes, contentType) {
      const { error } = await (await bucket()).upload(key, bytes, { contentType, upsert: true });
      if (error) throw new Error(`文档保存失败：${error.message}`);
    },
    async get(key) {
      const { data, error } = await (await bucket()).download(key);
      if (error || !data) throw new Error(`文档读取失败：${error?.message ?? "空文件"}`);
      return new Uint8Array(await data.arrayBuffer());
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const { error } = await (await bucket()).remove([...keys]);
      if (error) throw new Error(`文档删除失败：${error.message}`);
    },
  };
}
