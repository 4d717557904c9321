import { responsiveImage } from "~/lib/images";

/** `.page` is at most 860 px wide with 1.25rem padding on each side. */
const PAGE_IMAGE_SIZES = "(max-width: 860px) calc(100vw - 2.5rem), 820px";

/** The picture at the top of an article page (about, activity): its largest paint, so it loads first. */
export function PageImage({ src }: { src: string }) {
  return <img className="page-image" {...responsiveImage(src, PAGE_IMAGE_SIZES)} alt="" width="960" height="540" fetchPriority="high" />;
}
