import L from "leaflet";
import leafletStyles from "leaflet/dist/leaflet.css";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { MapContainer, Marker, Popup, TileLayer, useMapEvents } from "react-leaflet";
import { externalMapUrl, type OfficeMapProps } from "./OfficeMap";

/** Spec §9: zoom 13 on the office. */
const ZOOM = 13;

// Served from this site's build, not a CDN.
const officeIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

function OpenExternalMapOnClick({ href }: { href: string }) {
  useMapEvents({
    click: () => {
      window.open(href, "_blank", "noopener,noreferrer");
    },
  });
  return null;
}

export default function OfficeMapClient({ latitude, longitude, tileUrl, attribution }: OfficeMapProps) {
  const href = externalMapUrl(latitude, longitude);
  return (
    <>
      <link rel="stylesheet" href={leafletStyles} />
      <MapContainer center={[latitude, longitude]} zoom={ZOOM} scrollWheelZoom={false} className="office-map-canvas">
        <TileLayer url={tileUrl} attribution={attribution} />
        <Marker position={[latitude, longitude]} icon={officeIcon} alt="Lokasi kantor">
          <Popup>
            {latitude}, {longitude}
          </Popup>
        </Marker>
        <OpenExternalMapOnClick href={href} />
      </MapContainer>
    </>
  );
}
