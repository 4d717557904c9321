/** Each network's base address; the about record holds only the handle (spec §3). */
export const SOCIAL_NETWORKS = [
  { key: "facebook", label: "Facebook", base: "https://www.facebook.com/" },
  { key: "instagram", label: "Instagram", base: "https://www.instagram.com/" },
  { key: "twitter", label: "X (Twitter)", base: "https://x.com/" },
  { key: "youtube", label: "YouTube", base: "https://www.youtube.com/@" },
  { key: "tiktok", label: "TikTok", base: "https://www.tiktok.com/@" },
] as const;

export type SocialKey = (typeof SOCIAL_NETWORKS)[number]["key"];

/** A handle as admins type it ("@dispusip", "dispusip", or a whole address) turned into a link. */
export function socialLink(base: string, handle: string): string | null {
  const trimmed = handle.trim();
  if (!trimmed) return null;
  if (/^https:\/\//i.test(trimmed)) return trimmed;
  const bare = trimmed.replace(/^@/, "");
  if (!/^[\w.-]+$/.test(bare)) return null;
  return `${base}${bare}`;
}
