/**
 * Storage API errors in hosted Supabase Storage's shape: `{statusCode, code, error, message}` where
 * `statusCode` is the semantic status as a string. Like the real server, every non-500 error is sent
 * with HTTP 400 (storage-js and its callers read `statusCode`), except where the server pins a status
 * (role checks → 403, ranges → 416).
 */
export class StorageApiFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** HTTP status when it differs from the 400/500 rule. */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "StorageApiFailure";
  }

  get status(): number {
    return this.httpStatus ?? (this.statusCode >= 500 ? 500 : 400);
  }

  toBody() {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageApiFailure(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageApiFailure(404, "NoSuchKey", "not_found", "Object not found"),
  accessDenied: (message = "Access denied", httpStatus?: number) =>
    new StorageApiFailure(403, "AccessDenied", "Unauthorized", message, httpStatus),
  rlsDenied: () => storageErrors.accessDenied("new row violates row-level security policy"),
  invalidJwt: (message: string) => new StorageApiFailure(400, "InvalidJWT", "InvalidJWT", message),
  invalidSignature: () =>
    new StorageApiFailure(400, "InvalidSignature", "InvalidSignature", "The url do not match the signature"),
  duplicate: () => new StorageApiFailure(409, "Duplicate", "Duplicate", "The resource already exists"),
  bucketNotEmpty: () =>
    new StorageApiFailure(409, "ResourceNotEmpty", "Bucket not empty", "The bucket you tried to delete is not empty"),
  entityTooLarge: () =>
    new StorageApiFailure(413, "EntityTooLarge", "Payload too large", "The object exceeded the maximum allowed size"),
  /** A request body over a cap, answered with HTTP 413 as Storage's server (Fastify bodyLimit) does. */
  payloadTooLarge: (message = "Request body is too large") =>
    new StorageApiFailure(413, "EntityTooLarge", "Payload too large", message, 413),
  /** The owner's storage quota (from their plan) has no room for this object. */
  quotaExceeded: () =>
    new StorageApiFailure(413, "QuotaExceeded", "Payload too large", "The storage quota of this user is exceeded"),
  invalidMimeType: (type: string) =>
    new StorageApiFailure(415, "InvalidMimeType", "invalid_mime_type", `mime type ${type} is not supported`),
  invalidBucketName: () => new StorageApiFailure(400, "InvalidBucketName", "Invalid Input", "Bucket name invalid"),
  invalidKey: (key: string) => new StorageApiFailure(400, "InvalidKey", "Invalid Input", `Invalid key: ${key}`),
  invalidRequest: (message: string) => new StorageApiFailure(400, "InvalidRequest", "Bad Request", message),
  invalidParameter: (name: string) =>
    new StorageApiFailure(400, "InvalidParameter", "Bad Request", `Invalid Parameter ${name}`),
  invalidRange: () => new StorageApiFailure(416, "InvalidRange", "invalid_range", "Invalid Range", 416),
  /** A signed-in user already owns as many buckets as they may. */
  tooManyBuckets: () => new StorageApiFailure(403, "TooManyBuckets", "Unauthorized", "This user has reached the maximum number of buckets"),
  internal: () => new StorageApiFailure(500, "InternalError", "Internal", "Internal Server Error"),
};
