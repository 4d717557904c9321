import { Splide, type Options } from "@splidejs/splide";

/** Spec §9: autoplay 5 s, infinite, 400 ms, 80 px minimum drag, cards per width 1/2/3/5. */
const OPTIONS: Options = {
  type: "loop",
  autoplay: true,
  interval: 5000,
  speed: 400,
  dragMinThreshold: { mouse: 80, touch: 80 },
  perPage: 5,
  breakpoints: { 3000: { perPage: 3 }, 1024: { perPage: 2 }, 464: { perPage: 1 } },
  gap: "1.25rem",
  pagination: true,
  pauseOnHover: true,
  pauseOnFocus: true,
  slideFocus: false,
  label: "Kegiatan",
  i18n: {
    prev: "Kegiatan sebelumnya",
    next: "Kegiatan berikutnya",
    first: "Ke kegiatan pertama",
    last: "Ke kegiatan terakhir",
    slideX: "Ke kegiatan %s",
    pageX: "Ke halaman %s",
    play: "Putar otomatis",
    pause: "Jeda putar otomatis",
    carousel: "carousel",
    select: "Pilih kegiatan yang ditampilkan",
    slide: "kegiatan",
    slideLabel: "%s dari %s",
  },
};

/** Turns the server's row of activity cards (already in Splide's markup and sizes) into the carousel. */
export function mountActivitiesCarousel(carousel: HTMLElement): void {
  new Splide(carousel, OPTIONS).mount();
}
