import { RichText } from "./RichText";

export function LegalPage({ title, html }: { title: string; html: string }) {
  return (
    <article className="page">
      <h1>{title}</h1>
      <RichText html={html} />
    </article>
  );
}
