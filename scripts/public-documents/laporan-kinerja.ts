import type { Report } from "../report-pdf.ts";

/** Laporan kinerja 2025 (public/laporan_kinerja.pdf): staff, the performance agreement, indicators against targets, the budget spent. Invented. */

const p = (text: string) => ({ kind: "paragraph" as const, text });

export const LAPORAN_KINERJA: Report = {
  title: "Laporan Kinerja Instansi Pemerintah Tahun 2025",
  subtitle: "Dinas Perpustakaan dan Kearsipan Kabupaten Lembah Asri",
  blocks: [
    { kind: "chapter", text: "BAB I PENDAHULUAN" },
    { kind: "section", text: "1.1 Gambaran Umum" },
    p(
      "Laporan Kinerja Instansi Pemerintah (LKjIP) Tahun 2025 menyajikan capaian kinerja Dinas Perpustakaan dan Kearsipan terhadap target yang ditetapkan dalam Perjanjian Kinerja Tahun 2025, sebagai wujud akuntabilitas kepada Bupati dan masyarakat.",
    ),
    { kind: "section", text: "1.2 Sumber Daya Manusia" },
    {
      kind: "table",
      caption: "Tabel 1.1 Pegawai menurut jabatan",
      columns: [
        { header: "Jabatan", width: 60 },
        { header: "PNS", width: 13, numeric: true },
        { header: "PPPK", width: 13, numeric: true },
        { header: "Jumlah", width: 14, numeric: true },
      ],
      rows: [
        ["Pejabat struktural", "11", "0", "11"],
        ["Pustakawan", "9", "4", "13"],
        ["Arsiparis", "7", "3", "10"],
        ["Pelaksana administrasi", "14", "6", "20"],
        ["Pengemudi dan petugas perpustakaan keliling", "2", "4", "6"],
        ["Jumlah", "43", "17", "60"],
      ],
    },
    { kind: "chapter", text: "BAB II PERENCANAAN KINERJA" },
    p("Perjanjian Kinerja Tahun 2025 ditandatangani Kepala Dinas bersama Bupati dengan sasaran dan indikator sebagai berikut."),
    {
      kind: "table",
      caption: "Tabel 2.1 Perjanjian Kinerja Tahun 2025",
      columns: [
        { header: "Sasaran strategis", width: 38 },
        { header: "Indikator kinerja utama", width: 44 },
        { header: "Target", width: 18, numeric: true },
      ],
      rows: [
        ["Meningkatnya budaya baca masyarakat", "Tingkat kegemaran membaca (skor)", "62,5"],
        ["Meningkatnya budaya baca masyarakat", "Kunjungan perpustakaan (orang)", "70.000"],
        ["Meningkatnya kualitas perpustakaan", "Perpustakaan desa sesuai standar (%)", "20"],
        ["Meningkatnya kualitas kearsipan daerah", "Nilai pengawasan kearsipan (skor)", "65"],
        ["Meningkatnya kualitas kearsipan daerah", "Arsip statis yang terselamatkan (%)", "70"],
      ],
    },
    { kind: "chapter", text: "BAB III AKUNTABILITAS KINERJA" },
    { kind: "section", text: "3.1 Capaian Indikator Kinerja Utama" },
    {
      kind: "table",
      caption: "Tabel 3.1 Target, realisasi, dan capaian tahun 2025",
      columns: [
        { header: "Indikator kinerja utama", width: 46 },
        { header: "Target", width: 16, numeric: true },
        { header: "Realisasi", width: 16, numeric: true },
        { header: "Capaian (%)", width: 16, numeric: true },
        { header: "Kategori", width: 16 },
      ],
      rows: [
        ["Tingkat kegemaran membaca (skor)", "62,5", "63,4", "101,4", "Sangat baik"],
        ["Kunjungan perpustakaan (orang)", "70.000", "73.215", "104,6", "Sangat baik"],
        ["Perpustakaan desa sesuai standar (%)", "20", "18", "90,0", "Baik"],
        ["Nilai pengawasan kearsipan (skor)", "65", "66,8", "102,8", "Sangat baik"],
        ["Arsip statis yang terselamatkan (%)", "70", "67", "95,7", "Baik"],
      ],
    },
    { kind: "section", text: "3.2 Analisis Capaian" },
    p(
      "Kunjungan perpustakaan melampaui target berkat layanan akhir pekan, kegiatan dongeng anak setiap Sabtu, dan perluasan rute perpustakaan keliling ke 104 desa. Tingkat kegemaran membaca naik 1,6 poin dibanding tahun 2024.",
    ),
    p(
      "Perpustakaan desa sesuai standar belum mencapai target karena sebagian desa belum menganggarkan tenaga pengelola. Pada tahun 2026 pembinaan diarahkan pada desa yang telah memiliki ruang dan koleksi dasar, bersama dinas yang membidangi pemberdayaan desa.",
    ),
    p(
      "Penyelamatan arsip statis tertahan oleh kapasitas depot arsip. Alih media 36.500 halaman arsip dan penataan ulang depot telah mulai mengurangi tekanan ruang penyimpanan.",
    ),
    { kind: "section", text: "3.3 Realisasi Anggaran" },
    {
      kind: "table",
      caption: "Tabel 3.2 Realisasi anggaran per program tahun 2025",
      columns: [
        { header: "Program", width: 40 },
        { header: "Anggaran (Rp)", width: 22, numeric: true },
        { header: "Realisasi (Rp)", width: 22, numeric: true },
        { header: "%", width: 10, numeric: true },
      ],
      rows: [
        ["Penunjang urusan pemerintahan daerah", "4.850.000.000", "4.712.350.000", "97,2"],
        ["Pembinaan perpustakaan", "1.320.000.000", "1.268.900.000", "96,1"],
        ["Pelestarian koleksi nasional dan naskah kuno", "180.000.000", "171.450.000", "95,3"],
        ["Pengelolaan arsip", "760.000.000", "741.200.000", "97,5"],
        ["Perlindungan dan penyelamatan arsip", "240.000.000", "226.800.000", "94,5"],
        ["Jumlah", "7.350.000.000", "7.120.700.000", "96,9"],
      ],
    },
    { kind: "chapter", text: "BAB IV PENUTUP" },
    p(
      "Secara umum kinerja Dinas Perpustakaan dan Kearsipan Tahun 2025 tergolong sangat baik: tiga dari lima indikator kinerja utama melampaui target dan dua lainnya di atas 90 persen. Langkah perbaikan untuk tahun 2026 adalah pembinaan perpustakaan desa yang lebih terarah, penambahan kapasitas depot arsip, dan percepatan alih media arsip statis.",
    ),
  ],
};
