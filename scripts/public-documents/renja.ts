import type { Report } from "../report-pdf.ts";

/** Rencana kerja 2026 (public/renja.pdf): last year's results, then the programmes, activities, targets and budgets. Invented. */

const p = (text: string) => ({ kind: "paragraph" as const, text });

export const RENJA: Report = {
  title: "Rencana Kerja (Renja) Tahun 2026",
  subtitle: "Dinas Perpustakaan dan Kearsipan Kabupaten Lembah Asri",
  blocks: [
    { kind: "chapter", text: "BAB I PENDAHULUAN" },
    { kind: "section", text: "1.1 Latar Belakang" },
    p(
      "Rencana Kerja (Renja) Tahun 2026 adalah dokumen perencanaan tahunan yang memuat program, kegiatan, dan subkegiatan beserta indikator kinerja, target, dan pagu indikatif. Renja disusun sebagai penjabaran tahun kedua Rencana Strategis 2025-2029 dan berpedoman pada Rencana Kerja Pemerintah Daerah (RKPD) Tahun 2026.",
    ),
    { kind: "section", text: "1.2 Maksud dan Tujuan" },
    p(
      "Renja dimaksudkan sebagai acuan penyusunan Rencana Kerja dan Anggaran (RKA) dinas, serta sebagai dasar pengendalian dan evaluasi pelaksanaan program dan kegiatan selama tahun 2026.",
    ),
    { kind: "chapter", text: "BAB II EVALUASI PELAKSANAAN RENJA TAHUN 2025" },
    p("Realisasi kinerja dan anggaran tahun 2025 per program disajikan pada tabel berikut; angka tahun 2025 adalah angka sementara sampai laporan keuangan diaudit."),
    {
      kind: "table",
      caption: "Tabel 2.1 Realisasi program tahun 2025",
      columns: [
        { header: "Program", width: 40 },
        { header: "Pagu (Rp)", width: 22, numeric: true },
        { header: "Realisasi (Rp)", width: 22, numeric: true },
        { header: "%", width: 10, numeric: true },
      ],
      rows: [
        ["Penunjang urusan pemerintahan daerah", "4.850.000.000", "4.712.350.000", "97,2"],
        ["Pembinaan perpustakaan", "1.320.000.000", "1.268.900.000", "96,1"],
        ["Pelestarian koleksi nasional dan naskah kuno", "180.000.000", "171.450.000", "95,3"],
        ["Pengelolaan arsip", "760.000.000", "741.200.000", "97,5"],
        ["Perlindungan dan penyelamatan arsip", "240.000.000", "226.800.000", "94,5"],
      ],
    },
    { kind: "section", text: "2.1 Catatan Evaluasi" },
    {
      kind: "list",
      items: [
        "Rute perpustakaan keliling bertambah dari 91 menjadi 104 desa; satu armada membutuhkan peremajaan.",
        "Bimbingan teknis kearsipan menjangkau 32 perangkat daerah dan 60 desa.",
        "Alih media arsip statis terkendala kapasitas penyimpanan data; diusulkan pengadaan pada 2026.",
      ],
    },
    { kind: "chapter", text: "BAB III TUJUAN, SASARAN, PROGRAM DAN KEGIATAN" },
    { kind: "section", text: "3.1 Sasaran Tahun 2026" },
    {
      kind: "list",
      items: [
        "Tingkat kegemaran membaca masyarakat mencapai skor 64,0.",
        "Perpustakaan desa sesuai standar nasional mencapai 26 persen.",
        "Nilai pengawasan kearsipan mencapai skor 68.",
      ],
    },
    { kind: "section", text: "3.2 Program, Kegiatan dan Pagu Indikatif" },
    {
      kind: "table",
      caption: "Tabel 3.1 Rencana program dan kegiatan tahun 2026",
      columns: [
        { header: "Program / kegiatan", width: 36 },
        { header: "Indikator kinerja", width: 30 },
        { header: "Target", width: 12, numeric: true },
        { header: "Pagu indikatif (Rp)", width: 22, numeric: true },
      ],
      rows: [
        ["PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH", "Nilai SAKIP perangkat daerah", "B", "5.010.000.000"],
        ["Perencanaan, penganggaran, dan evaluasi kinerja", "Dokumen perencanaan dan laporan", "6 dok.", "145.000.000"],
        ["Administrasi keuangan perangkat daerah", "Bulan layanan gaji dan tunjangan", "12 bln", "4.210.000.000"],
        ["Pemeliharaan barang milik daerah", "Gedung dan kendaraan terpelihara", "9 unit", "655.000.000"],
        ["PROGRAM PEMBINAAN PERPUSTAKAAN", "Kunjungan perpustakaan per tahun", "72.000", "1.450.000.000"],
        ["Pengelolaan perpustakaan tingkat daerah", "Koleksi baru (eksemplar)", "3.500", "520.000.000"],
        ["Pembudayaan gemar membaca", "Kegiatan literasi masyarakat", "48 keg.", "410.000.000"],
        ["Layanan perpustakaan keliling", "Desa yang dilayani", "110", "310.000.000"],
        ["Pembinaan perpustakaan desa dan sekolah", "Perpustakaan dibina", "60", "210.000.000"],
        ["PROGRAM PELESTARIAN KOLEKSI NASIONAL DAN NASKAH KUNO", "Naskah kuno terdaftar", "25", "200.000.000"],
        ["PROGRAM PENGELOLAAN ARSIP", "Perangkat daerah tertib arsip (%)", "66", "820.000.000"],
        ["Pengelolaan arsip dinamis", "Bimtek dan supervisi (kali)", "24", "290.000.000"],
        ["Pengelolaan arsip statis", "Arsip statis diolah (boks)", "540", "330.000.000"],
        ["Alih media arsip", "Halaman arsip didigitalkan", "40.000", "200.000.000"],
        ["PROGRAM PERLINDUNGAN DAN PENYELAMATAN ARSIP", "Arsip terselamatkan (%)", "74", "260.000.000"],
      ],
    },
    { kind: "chapter", text: "BAB IV PENUTUP" },
    p(
      "Renja Tahun 2026 menjadi pedoman pelaksanaan program dan kegiatan dinas. Keberhasilannya bergantung pada komitmen seluruh aparatur, dukungan pemerintah desa, sekolah, komunitas literasi, serta partisipasi masyarakat Kabupaten Lembah Asri.",
    ),
  ],
};
