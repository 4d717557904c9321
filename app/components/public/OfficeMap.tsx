import leafletStyles from "leaflet/dist/leaflet.css?url";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import type { OfficeMapSettings } from "~/browser/leaflet-map";

export interface OfficeMapProps {
  latitude: number;
  longitude: number;
  address: string;
  tileUrl: string;
  attribution: string;
}

export function externalMapUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/**
 * The office on a map. The HTML (and a browser without JavaScript) has the address and a link to
 * an external map; `app/browser/leaflet-map.ts` replaces the link with Leaflet's map once the box
 * nears the screen, so Leaflet costs the page's first load nothing.
 */
export function OfficeMap({ address, ...office }: OfficeMapProps) {
  const externalUrl = externalMapUrl(office.latitude, office.longitude);
  const settings: OfficeMapSettings = { ...office, address, externalUrl, stylesheet: leafletStyles, markerIcon, markerIcon2x, markerShadow };
  return (
    <div className="office-map" data-enhance="office-map" data-map={JSON.stringify(settings)}>
      <div className="office-map-fallback">
        <a href={externalUrl} target="_blank" rel="noopener noreferrer">
          Buka lokasi di peta
          <span className="visually-hidden"> (membuka tab baru)</span>
        </a>
      </div>
      {address ? <p className="office-address">{address}</p> : null}
    </div>
  );
}
