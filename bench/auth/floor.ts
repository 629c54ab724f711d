import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { generateKeyPair, jwtVerify, SignJWT } from "jose";
import { authUsers, type Database } from "@/lib/db";

export type AuthFloor = { base: string; accessToken: string; issueRefreshToken: () => Promise<string>; close: () => void };

const newToken = () => randomBytes(18).toString("base64url");

/**
 * The least any server can do for the two hottest auth calls, on the same database, to compare the
 * service with: GET /user verifies an ES256 token with a key imported once and reads the user row
 * with one prepared statement; POST /token rotates a refresh token in one statement (a CTE that
 * revokes the old token and inserts its child) and signs a new access token. No framework, no
 * validation, no GoTrue semantics beyond that: a floor, not an alternative.
 */
export async function startAuthFloor(db: Database, session: { userId: string; sessionId: string }): Promise<AuthFloor> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const signAccessToken = (sub: string, sessionId: string) =>
    new SignJWT({ session_id: sessionId, role: "authenticated", aal: "aal1" })
      .setProtectedHeader({ alg: "ES256" })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);

  const userById = db.select().from(authUsers).where(eq(authUsers.id, sql.placeholder("id"))).prepare("floor_user_by_id");
  const rotate = (presented: string, next: string) =>
    db.execute<{ user_id: string; session_id: string }>(sql`
      with old as (
        update auth.refresh_tokens set revoked = true, updated_at = now()
        where token = ${presented} and revoked = false
        returning user_id, session_id, token
      )
      insert into auth.refresh_tokens (token, user_id, session_id, parent)
      select ${next}, user_id, session_id, token from old
      returning user_id, session_id`);

  const issueRefreshToken = async () => {
    const token = newToken();
    await db.execute(sql`insert into auth.refresh_tokens (token, user_id, session_id) values (${token}, ${session.userId}, ${session.sessionId})`);
    return token;
  };

  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const handle = async () => {
      if (request.method === "GET" && request.url === "/user") {
        const token = (request.headers.authorization ?? "").replace(/^Bearer /i, "");
        const { payload } = await jwtVerify(token, publicKey, { algorithms: ["ES256"] });
        const [user] = await userById.execute({ id: payload.sub });
        return user ? answer(200, user) : answer(404, { message: "user not found" });
      }
      if (request.method === "POST" && request.url === "/token") {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const { refresh_token: presented } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { refresh_token: string };
        const next = newToken();
        const result = await rotate(presented, next);
        const rows = (Array.isArray(result) ? result : result.rows) as Array<{ user_id: string; session_id: string }>;
        const row = rows[0];
        if (!row) return answer(400, { message: "invalid refresh token" });
        return answer(200, { access_token: await signAccessToken(row.user_id, row.session_id), refresh_token: next });
      }
      answer(404, { message: "not found" });
    };
    handle().catch((error: unknown) => answer(401, { message: String(error) }));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    accessToken: await signAccessToken(session.userId, session.sessionId),
    issueRefreshToken,
    close: () => server.close(),
  };
}
