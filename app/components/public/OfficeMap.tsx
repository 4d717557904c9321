import leafletStyles from "leaflet/dist/leaflet.css?url";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import type { LeafletAssets, OfficeMapProps } from "./office-map-props";

export type OfficeMapIslandProps = OfficeMapProps & { assets: LeafletAssets };

export function externalMapUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** The island's props as the home page renders them. */
export function officeMapIslandProps(office: OfficeMapProps): OfficeMapIslandProps {
  return { ...office, assets: { stylesheet: leafletStyles, markerIcon, markerIcon2x, markerShadow } };
}

// Leaflet touches `window` when imported: the map is its own module, loaded only in the browser.
const LeafletMap = lazy(() => import("./LeafletMap.client"));

const subscribeNever = () => () => {};
/** False on the server and while the island hydrates (so both render the same), true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * The office on a map, an island (`Island.tsx`) of react-leaflet. The server's HTML (and a browser
 * without JavaScript) has the address and a link to an external map in a box of the map's size;
 * once the island wakes, the Leaflet map replaces the link in the same box.
 */
export function OfficeMap({ assets, address, ...office }: OfficeMapIslandProps) {
  const hydrated = useHydrated();
  const externalUrl = externalMapUrl(office.latitude, office.longitude);
  const fallback: ReactNode = (
    <div className="office-map-fallback">
      <a href={externalUrl} target="_blank" rel="noopener noreferrer">
        Buka lokasi di peta
        <span className="visually-hidden"> (membuka tab baru)</span>
      </a>
    </div>
  );
  return (
    <div className="office-map">
      {hydrated ? (
        <Suspense fallback={fallback}>
          <LeafletMap {...office} address={address} assets={assets} externalUrl={externalUrl} fallback={fallback} />
        </Suspense>
      ) : (
        fallback
      )}
      {address ? <p className="office-address">{address}</p> : null}
    </div>
  );
}
