import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { textPdf } from "../reference-api/seed/pdf.ts";

/**
 * Writes the four public documents (public/*.pdf) as valid PDFs with Indonesian placeholder text,
 * with the reference API's PDF writer (pdf-lib; scripts may import reference-api/, the app may not).
 * Reproducible: the same bytes every run (no dates, no random ids). To publish the real documents,
 * replace the files in public/ with the agency's own PDFs under the same names.
 *
 *   node --import tsx scripts/generate-pdfs.ts
 */

interface PlaceholderDocument {
  file: string;
  title: string;
  paragraphs: string[];
}

const NOTE = "Dokumen ini adalah contoh. Ganti berkas ini dengan dokumen resmi dinas dengan nama berkas yang sama.";

const DOCUMENTS: PlaceholderDocument[] = [
  {
    file: "tupoksi.pdf",
    title: "Tugas Pokok dan Fungsi",
    paragraphs: [
      "Dinas Perpustakaan dan Kearsipan mempunyai tugas membantu Bupati melaksanakan urusan pemerintahan bidang perpustakaan dan bidang kearsipan.",
      "Fungsi: perumusan kebijakan teknis; pelaksanaan pembinaan perpustakaan; pengelolaan arsip daerah; penyelenggaraan layanan perpustakaan umum; pembudayaan gemar membaca; pelaksanaan administrasi dinas.",
      NOTE,
    ],
  },
  {
    file: "renja.pdf",
    title: "Rencana Kerja (Renja)",
    paragraphs: [
      "Rencana Kerja memuat program dan kegiatan tahunan dinas beserta indikator kinerja dan pagu indikatif.",
      "Program utama: pengembangan budaya baca dan pembinaan perpustakaan; pengelolaan arsip; perlindungan dan penyelamatan arsip.",
      NOTE,
    ],
  },
  {
    file: "renstra.pdf",
    title: "Rencana Strategis (Renstra)",
    paragraphs: [
      "Rencana Strategis memuat tujuan, sasaran, strategi, arah kebijakan, program dan kegiatan dinas untuk lima tahun.",
      "Tujuan: meningkatnya minat baca masyarakat dan meningkatnya kualitas pengelolaan arsip daerah.",
      NOTE,
    ],
  },
  {
    file: "laporan_kinerja.pdf",
    title: "Laporan Kinerja Instansi Pemerintah",
    paragraphs: [
      "Laporan Kinerja menyajikan capaian kinerja dinas terhadap target yang ditetapkan dalam perjanjian kinerja.",
      "Capaian utama: jumlah kunjungan perpustakaan, jumlah anggota perpustakaan, dan persentase arsip yang tertata sesuai kaidah kearsipan.",
      NOTE,
    ],
  },
];

for (const { file, title, paragraphs } of DOCUMENTS) {
  const target = fileURLToPath(new URL(`../public/${file}`, import.meta.url));
  const pdf = await textPdf({ title, paragraphs: ["Dinas Perpustakaan dan Kearsipan", ...paragraphs], page: "A4", producer: "dispusip-web" });
  writeFileSync(target, pdf);
  console.log(`wrote public/${file}`);
}
