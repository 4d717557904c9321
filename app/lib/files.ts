/** Where the browser loads a stored upload from: this site's proxy (app/platform/files.server.ts). */
export function fileUrl(name: string | null | undefined): string | null {
  return name ? `/files/${encodeURIComponent(name)}` : null;
}

export function coverUrl(name: string | null | undefined): string | null {
  return name ? `/covers/${encodeURIComponent(name)}` : null;
}
