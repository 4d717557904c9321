/** tus's `Upload-Metadata` header: each key with its value in base64, comma-separated. */
export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}
