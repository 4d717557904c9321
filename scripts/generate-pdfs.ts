import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Writes the four public documents (public/*.pdf) as valid PDFs with Indonesian placeholder text.
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

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const LINE_CHARS = 86;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const escapePdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

function pdf({ title, paragraphs }: PlaceholderDocument): Buffer {
  const commands: string[] = ["BT", `/F2 18 Tf ${MARGIN} ${PAGE_HEIGHT - MARGIN - 18} Td (${escapePdfText(title)}) Tj`, "/F1 11 Tf 0 -36 Td 15 TL"];
  commands.push(`(${escapePdfText("Dinas Perpustakaan dan Kearsipan")}) Tj T*`, "T*");
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, LINE_CHARS)) commands.push(`(${escapePdfText(line)}) Tj T*`);
    commands.push("T*");
  }
  commands.push("ET");
  const content = commands.join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>`,
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Title (${escapePdfText(title)}) /Producer (dispusip-web) >>`,
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

for (const document of DOCUMENTS) {
  const target = fileURLToPath(new URL(`../public/${document.file}`, import.meta.url));
  writeFileSync(target, pdf(document));
  console.log(`wrote public/${document.file}`);
}
