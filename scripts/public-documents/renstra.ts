import type { Report } from "../report-pdf.ts";

/** Rencana strategis 2025-2029 (public/renstra.pdf): goals, targets by year and the programmes' indicative funding. Invented. */

const p = (text: string) => ({ kind: "paragraph" as const, text });
const YEARS = ["2025", "2026", "2027", "2028", "2029"];

export const RENSTRA: Report = {
  title: "Rencana Strategis (Renstra) 2025-2029",
  subtitle: "Dinas Perpustakaan dan Kearsipan Kabupaten Lembah Asri",
  blocks: [
    { kind: "chapter", text: "BAB I PENDAHULUAN" },
    { kind: "section", text: "1.1 Latar Belakang" },
    p(
      "Rencana Strategis (Renstra) Dinas Perpustakaan dan Kearsipan Tahun 2025-2029 adalah dokumen perencanaan lima tahunan yang memuat tujuan, sasaran, strategi, arah kebijakan, program, dan kegiatan dinas. Renstra disusun berpedoman pada Rencana Pembangunan Jangka Menengah Daerah (RPJMD) Kabupaten Lembah Asri dan menjadi acuan penyusunan Rencana Kerja tahunan.",
    ),
    { kind: "section", text: "1.2 Maksud dan Tujuan" },
    p(
      "Renstra dimaksudkan sebagai pedoman bagi seluruh unit kerja dalam melaksanakan program dan kegiatan selama lima tahun, serta sebagai alat ukur keberhasilan kinerja dinas yang dapat dipantau oleh pimpinan daerah, DPRD, dan masyarakat.",
    ),
    { kind: "chapter", text: "BAB II GAMBARAN PELAYANAN" },
    p(
      "Selama periode 2020-2024 layanan perpustakaan dan kearsipan terus berkembang, terutama setelah hadirnya perpustakaan digital dan perluasan rute perpustakaan keliling. Capaian utama periode sebelumnya disajikan pada tabel berikut.",
    ),
    {
      kind: "table",
      caption: "Tabel 2.1 Capaian kinerja pelayanan 2020-2024",
      columns: [
        { header: "Indikator", width: 40 },
        { header: "2020", width: 12, numeric: true },
        { header: "2021", width: 12, numeric: true },
        { header: "2022", width: 12, numeric: true },
        { header: "2023", width: 12, numeric: true },
        { header: "2024", width: 12, numeric: true },
      ],
      rows: [
        ["Kunjungan perpustakaan (orang)", "41.250", "38.900", "52.300", "61.780", "68.420"],
        ["Anggota perpustakaan (orang)", "9.120", "10.050", "11.640", "13.210", "14.960"],
        ["Koleksi buku (eksemplar)", "48.300", "50.100", "53.750", "57.200", "60.880"],
        ["Desa yang dilayani perpustakaan keliling", "64", "52", "78", "91", "104"],
        ["Arsip statis yang diolah (boks)", "310", "340", "395", "450", "512"],
        ["Perangkat daerah tertib arsip (%)", "38", "42", "49", "55", "61"],
      ],
    },
    { kind: "chapter", text: "BAB III PERMASALAHAN DAN ISU STRATEGIS" },
    {
      kind: "list",
      items: [
        "Indeks pembangunan literasi masyarakat masih di bawah rata-rata provinsi, terutama di desa yang jauh dari pusat kabupaten.",
        "Sebaran perpustakaan desa belum merata dan sebagian besar belum memenuhi standar nasional perpustakaan.",
        "Kapasitas depot arsip hampir penuh, sementara arsip inaktif di perangkat daerah belum tertata.",
        "Jumlah pustakawan dan arsiparis belum sebanding dengan beban layanan.",
        "Transformasi digital membuka peluang layanan baru: perpustakaan digital, katalog daring, dan alih media arsip.",
      ],
    },
    { kind: "chapter", text: "BAB IV TUJUAN DAN SASARAN" },
    p(
      "Tujuan 1: meningkatnya budaya baca dan literasi masyarakat. Tujuan 2: meningkatnya kualitas penyelenggaraan kearsipan daerah. Sasaran dan targetnya setiap tahun ditetapkan sebagai berikut.",
    ),
    {
      kind: "table",
      caption: "Tabel 4.1 Sasaran, indikator, dan target tahunan",
      columns: [
        { header: "Sasaran / indikator", width: 40 },
        ...YEARS.map((year) => ({ header: year, width: 12, numeric: true })),
      ],
      rows: [
        ["Tingkat kegemaran membaca masyarakat (skor)", "62,5", "64,0", "65,5", "67,0", "68,5"],
        ["Indeks pembangunan literasi masyarakat (skor)", "58,0", "60,0", "62,0", "64,0", "66,0"],
        ["Perpustakaan desa sesuai standar (%)", "20", "26", "32", "38", "45"],
        ["Nilai pengawasan kearsipan (skor)", "65", "68", "71", "74", "77"],
        ["Arsip statis yang terselamatkan (%)", "70", "74", "78", "82", "86"],
      ],
    },
    { kind: "chapter", text: "BAB V STRATEGI DAN ARAH KEBIJAKAN" },
    { kind: "section", text: "5.1 Strategi" },
    {
      kind: "list",
      items: [
        "Mendekatkan layanan perpustakaan ke masyarakat melalui perpustakaan keliling, pojok baca, dan layanan digital.",
        "Membina perpustakaan desa dan sekolah agar memenuhi standar nasional perpustakaan.",
        "Menata arsip perangkat daerah dan desa melalui bimbingan teknis dan pengawasan berkala.",
        "Menyelamatkan arsip bernilai sejarah melalui akuisisi, preservasi, dan alih media.",
      ],
    },
    { kind: "section", text: "5.2 Arah Kebijakan" },
    p(
      "Tahun 2025-2026 diarahkan pada penguatan layanan dasar dan pendataan; tahun 2027-2028 pada perluasan jangkauan dan digitalisasi; tahun 2029 pada pemantapan mutu layanan dan keberlanjutan program.",
    ),
    { kind: "chapter", text: "BAB VI RENCANA PROGRAM DAN PENDANAAN" },
    {
      kind: "table",
      caption: "Tabel 6.1 Indikasi pendanaan program (juta rupiah)",
      columns: [
        { header: "Program", width: 40 },
        ...YEARS.map((year) => ({ header: year, width: 12, numeric: true })),
      ],
      rows: [
        ["Penunjang urusan pemerintahan daerah", "4.850", "5.010", "5.180", "5.340", "5.520"],
        ["Pembinaan perpustakaan", "1.320", "1.450", "1.600", "1.720", "1.850"],
        ["Pelestarian koleksi nasional dan naskah kuno", "180", "200", "220", "240", "260"],
        ["Pengelolaan arsip", "760", "820", "900", "960", "1.030"],
        ["Perlindungan dan penyelamatan arsip", "240", "260", "290", "310", "330"],
        ["Jumlah", "7.350", "7.740", "8.190", "8.570", "8.990"],
      ],
    },
    { kind: "chapter", text: "BAB VII PENUTUP" },
    p(
      "Renstra ini menjadi pedoman bersama seluruh aparatur Dinas Perpustakaan dan Kearsipan. Pelaksanaannya dievaluasi setiap tahun melalui Laporan Kinerja, dan dapat disesuaikan apabila terjadi perubahan kebijakan nasional maupun daerah.",
    ),
  ],
};
