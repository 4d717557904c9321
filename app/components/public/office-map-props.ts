// The office map's props, in a module of their own: OfficeMap lazy-imports LeafletMap.client,
// and both read these, so neither imports the other for its types.

export interface OfficeMapProps {
  latitude: number;
  longitude: number;
  address: string;
  tileUrl: string;
  attribution: string;
}

/** What the Leaflet map needs besides the office: its files' URLs in this site's build (not a CDN). */
export interface LeafletAssets {
  stylesheet: string;
  markerIcon: string;
  markerIcon2x: string;
  markerShadow: string;
}
