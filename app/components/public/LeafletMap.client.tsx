import L from "leaflet";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMapEvents } from "react-leaflet";
import type { LeafletAssets, OfficeMapProps } from "./office-map-props";

/** Spec §9: zoom 13 on the office. */
const ZOOM = 13;

function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return resolve();
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    // A map without its styles is a heap of tiles: wait for them, but show it anyway if they fail.
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

/** Spec §9: a click on the map (not on the marker) opens the external map in a new tab. */
function OpenExternalMapOnClick({ url }: { url: string }) {
  useMapEvents({ click: () => void window.open(url, "_blank", "noopener,noreferrer") });
  return null;
}

interface LeafletMapProps extends OfficeMapProps {
  assets: LeafletAssets;
  externalUrl: string;
  /** Shown until Leaflet's stylesheet has loaded. */
  fallback: ReactNode;
}

/** Leaflet's map of the office (react-leaflet), with its marker and a popup with the address and the coordinates. */
export default function LeafletMap({ latitude, longitude, address, tileUrl, attribution, assets, externalUrl, fallback }: LeafletMapProps) {
  const [styled, setStyled] = useState(false);
  useEffect(() => {
    let current = true;
    void loadStylesheet(assets.stylesheet).then(() => current && setStyled(true));
    return () => {
      current = false;
    };
  }, [assets.stylesheet]);
  const icon = useMemo(
    () =>
      L.icon({
        iconUrl: assets.markerIcon,
        iconRetinaUrl: assets.markerIcon2x,
        shadowUrl: assets.markerShadow,
        iconSize: [25, 41],
        iconAnchor: [12, 41],
        popupAnchor: [1, -34],
        shadowSize: [41, 41],
      }),
    [assets],
  );
  if (!styled) return fallback;
  const office: L.LatLngTuple = [latitude, longitude];
  return (
    <MapContainer className="office-map-canvas" center={office} zoom={ZOOM} scrollWheelZoom={false}>
      <TileLayer url={tileUrl} attribution={attribution} />
      <Marker position={office} icon={icon} alt="Lokasi kantor">
        <Popup>
          {address ? (
            <>
              <strong>{address}</strong>
              <br />
            </>
          ) : null}
          {`${latitude}, ${longitude}`}
        </Popup>
      </Marker>
      <OpenExternalMapOnClick url={externalUrl} />
    </MapContainer>
  );
}
