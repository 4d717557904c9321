import L from "leaflet";

/** Spec §9: zoom 13 on the office. */
const ZOOM = 13;

/** What `OfficeMap.tsx` writes into the box's `data-map`: the office, the tiles, and the build's URLs of Leaflet's files. */
export interface OfficeMapSettings {
  latitude: number;
  longitude: number;
  /** The office's address, shown in the marker's popup above the coordinate ("" when unknown). */
  address: string;
  tileUrl: string;
  attribution: string;
  externalUrl: string;
  stylesheet: string;
  markerIcon: string;
  markerIcon2x: string;
  markerShadow: string;
}

function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    // A map without its styles is a heap of tiles: wait for them, but show it anyway if they fail.
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

/**
 * Replaces the box's link to an external map with Leaflet's map of the office: its marker (the
 * address and the coordinate in its popup) and a click anywhere else opening the external map in a new tab.
 */
export async function showOfficeMap(box: HTMLElement, settings: OfficeMapSettings): Promise<void> {
  await loadStylesheet(settings.stylesheet);
  const canvas = document.createElement("div");
  canvas.className = "office-map-canvas";
  const fallback = box.querySelector(".office-map-fallback");
  if (fallback) fallback.replaceWith(canvas);
  else box.prepend(canvas);

  const office: L.LatLngTuple = [settings.latitude, settings.longitude];
  const map = L.map(canvas, { center: office, zoom: ZOOM, scrollWheelZoom: false });
  L.tileLayer(settings.tileUrl, { attribution: settings.attribution }).addTo(map);
  const icon = L.icon({
    // Served from this site's build, not a CDN.
    iconUrl: settings.markerIcon,
    iconRetinaUrl: settings.markerIcon2x,
    shadowUrl: settings.markerShadow,
    iconSize: [25, 41],
    iconAnchor: [12, 41],
    popupAnchor: [1, -34],
    shadowSize: [41, 41],
  });
  const popup = document.createElement("span");
  if (settings.address) {
    const address = document.createElement("strong");
    address.textContent = settings.address;
    popup.append(address, document.createElement("br"));
  }
  popup.append(`${settings.latitude}, ${settings.longitude}`);
  L.marker(office, { icon, alt: "Lokasi kantor" }).bindPopup(popup).addTo(map);
  map.on("click", () => {
    window.open(settings.externalUrl, "_blank", "noopener,noreferrer");
  });
}
