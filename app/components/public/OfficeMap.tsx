import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hydrated";

export interface OfficeMapProps {
  latitude: number;
  longitude: number;
  address: string;
  tileUrl: string;
  attribution: string;
}

/** Leaflet touches `window` at import: it lives in a client-only module, fetched only when needed. */
const LeafletMap = lazy(() => import("./OfficeMap.client"));

export function externalMapUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/**
 * The office on a map. The server (and a browser without JavaScript) shows the address and a
 * link; Leaflet loads only once the map scrolls into view, so it costs the first page load nothing.
 */
export function OfficeMap(props: OfficeMapProps) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);

  const fallback = (
    <div className="office-map-fallback">
      <a href={externalMapUrl(props.latitude, props.longitude)} target="_blank" rel="noopener noreferrer">
        Buka lokasi di peta
        <span className="visually-hidden"> (membuka tab baru)</span>
      </a>
    </div>
  );

  return (
    <div ref={box} className="office-map">
      {hydrated && inView ? <Suspense fallback={fallback}>{<LeafletMap {...props} />}</Suspense> : fallback}
      {props.address ? <p className="office-address">{props.address}</p> : null}
    </div>
  );
}
