/** HTML that the server has already sanitised (app/platform/sanitize.server.ts); never raw upstream HTML. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: html }} />;
}
