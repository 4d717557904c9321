import type { Report } from "../report-pdf.ts";

/** Tugas pokok dan fungsi (public/tupoksi.pdf): the agency's duties by unit, as a regent's regulation sets them. Invented, like all the demo content. */

const p = (text: string) => ({ kind: "paragraph" as const, text });

export const TUPOKSI: Report = {
  title: "Tugas Pokok dan Fungsi",
  subtitle: "Dinas Perpustakaan dan Kearsipan Kabupaten Lembah Asri, Tahun 2026",
  blocks: [
    { kind: "chapter", text: "BAB I PENDAHULUAN" },
    { kind: "section", text: "1.1 Latar Belakang" },
    p(
      "Dinas Perpustakaan dan Kearsipan Kabupaten Lembah Asri dibentuk untuk melaksanakan urusan pemerintahan bidang perpustakaan dan bidang kearsipan yang menjadi kewenangan daerah. Dokumen ini menguraikan kedudukan, susunan organisasi, tugas pokok, dan fungsi setiap unit kerja sebagai pedoman pelaksanaan tugas bagi seluruh aparatur dinas dan sebagai informasi publik bagi masyarakat.",
    ),
    p(
      "Dengan uraian tugas yang jelas, setiap unit kerja dapat menjalankan perannya secara terpadu: menyediakan layanan perpustakaan yang mudah dijangkau, membina perpustakaan desa dan sekolah, serta menyelamatkan dan melestarikan arsip daerah sebagai memori kolektif masyarakat Lembah Asri.",
    ),
    { kind: "section", text: "1.2 Dasar Hukum" },
    {
      kind: "list",
      items: [
        "Undang-Undang Nomor 43 Tahun 2007 tentang Perpustakaan;",
        "Undang-Undang Nomor 43 Tahun 2009 tentang Kearsipan;",
        "Undang-Undang Nomor 23 Tahun 2014 tentang Pemerintahan Daerah beserta perubahannya;",
        "Peraturan Pemerintah Nomor 24 Tahun 2014 tentang Pelaksanaan Undang-Undang Nomor 43 Tahun 2007 tentang Perpustakaan;",
        "Peraturan Pemerintah Nomor 28 Tahun 2012 tentang Pelaksanaan Undang-Undang Nomor 43 Tahun 2009 tentang Kearsipan;",
        "Peraturan Daerah Kabupaten Lembah Asri Nomor 8 Tahun 2016 tentang Pembentukan dan Susunan Perangkat Daerah;",
        "Peraturan Bupati Lembah Asri Nomor 45 Tahun 2021 tentang Kedudukan, Susunan Organisasi, Tugas dan Fungsi, serta Tata Kerja Dinas Perpustakaan dan Kearsipan.",
      ],
    },
    { kind: "chapter", text: "BAB II KEDUDUKAN DAN SUSUNAN ORGANISASI" },
    { kind: "section", text: "2.1 Kedudukan" },
    p(
      "Dinas Perpustakaan dan Kearsipan merupakan unsur pelaksana urusan pemerintahan yang menjadi kewenangan daerah, dipimpin oleh seorang Kepala Dinas yang berkedudukan di bawah dan bertanggung jawab kepada Bupati melalui Sekretaris Daerah.",
    ),
    { kind: "section", text: "2.2 Susunan Organisasi" },
    {
      kind: "table",
      caption: "Tabel 2.1 Susunan organisasi dan jabatan",
      columns: [
        { header: "No.", width: 6, numeric: true },
        { header: "Unit kerja", width: 44 },
        { header: "Jabatan pimpinan", width: 30 },
        { header: "Eselon", width: 12 },
      ],
      rows: [
        ["1", "Kepala Dinas", "Kepala Dinas", "II.b"],
        ["2", "Sekretariat", "Sekretaris", "III.a"],
        ["3", "Subbagian Umum dan Kepegawaian", "Kepala Subbagian", "IV.a"],
        ["4", "Subbagian Perencanaan dan Keuangan", "Kepala Subbagian", "IV.a"],
        ["5", "Bidang Perpustakaan", "Kepala Bidang", "III.b"],
        ["6", "Seksi Layanan dan Pelestarian Bahan Pustaka", "Kepala Seksi", "IV.a"],
        ["7", "Seksi Pembinaan dan Pembudayaan Gemar Membaca", "Kepala Seksi", "IV.a"],
        ["8", "Bidang Kearsipan", "Kepala Bidang", "III.b"],
        ["9", "Seksi Pengelolaan Arsip", "Kepala Seksi", "IV.a"],
        ["10", "Seksi Pembinaan dan Pengawasan Kearsipan", "Kepala Seksi", "IV.a"],
        ["11", "UPTD Perpustakaan Keliling", "Kepala UPTD", "IV.b"],
        ["12", "Kelompok Jabatan Fungsional (pustakawan, arsiparis)", "Koordinator", "-"],
      ],
    },
    { kind: "chapter", text: "BAB III TUGAS POKOK DAN FUNGSI" },
    { kind: "section", text: "3.1 Kepala Dinas" },
    p(
      "Kepala Dinas mempunyai tugas memimpin, merumuskan kebijakan teknis, mengoordinasikan, membina, dan mengendalikan pelaksanaan urusan pemerintahan bidang perpustakaan dan bidang kearsipan.",
    ),
    {
      kind: "list",
      items: [
        "perumusan kebijakan teknis bidang perpustakaan dan kearsipan;",
        "penyelenggaraan urusan pemerintahan dan pelayanan umum sesuai lingkup tugasnya;",
        "pembinaan dan pelaksanaan tugas di lingkungan dinas;",
        "pelaksanaan evaluasi dan pelaporan kinerja dinas kepada Bupati.",
      ],
    },
    { kind: "section", text: "3.2 Sekretariat" },
    p(
      "Sekretariat mempunyai tugas menyelenggarakan urusan umum, kepegawaian, perencanaan, keuangan, dan pelaporan, serta mengoordinasikan pelaksanaan tugas bidang-bidang di lingkungan dinas.",
    ),
    {
      kind: "list",
      items: [
        "penyusunan rencana strategis, rencana kerja, dan anggaran dinas;",
        "pengelolaan administrasi keuangan, aset, dan barang milik daerah;",
        "pengelolaan administrasi kepegawaian dan pengembangan kompetensi aparatur;",
        "pengelolaan ketatausahaan, kerumahtanggaan, kehumasan, dan layanan informasi publik;",
        "penyusunan laporan kinerja dan laporan keuangan dinas.",
      ],
    },
    { kind: "section", text: "3.3 Bidang Perpustakaan" },
    p(
      "Bidang Perpustakaan mempunyai tugas melaksanakan layanan perpustakaan umum daerah, pengembangan dan pelestarian koleksi, pembinaan perpustakaan, serta pembudayaan gemar membaca.",
    ),
    {
      kind: "list",
      items: [
        "pengembangan koleksi bahan pustaka cetak dan digital, termasuk koleksi muatan lokal;",
        "penyelenggaraan layanan sirkulasi, referensi, ruang baca anak, dan perpustakaan digital;",
        "pelestarian dan alih media bahan pustaka;",
        "pembinaan perpustakaan desa, sekolah, khusus, dan taman bacaan masyarakat;",
        "penyelenggaraan kegiatan pembudayaan gemar membaca dan literasi berbasis inklusi sosial.",
      ],
    },
    { kind: "section", text: "3.4 Bidang Kearsipan" },
    p(
      "Bidang Kearsipan mempunyai tugas melaksanakan pengelolaan arsip dinamis dan statis, pembinaan kearsipan perangkat daerah dan desa, serta penyelamatan dan pelestarian arsip daerah.",
    ),
    {
      kind: "list",
      items: [
        "pengelolaan arsip inaktif di record center daerah dan arsip statis di depot arsip;",
        "akuisisi, pengolahan, preservasi, dan alih media arsip statis;",
        "penyelenggaraan layanan akses dan penelusuran arsip bagi masyarakat;",
        "pembinaan dan pengawasan kearsipan pada perangkat daerah, kecamatan, dan desa;",
        "penyelamatan arsip perangkat daerah yang digabung atau dibubarkan.",
      ],
    },
    { kind: "section", text: "3.5 UPTD Perpustakaan Keliling" },
    p(
      "UPTD Perpustakaan Keliling mempunyai tugas melaksanakan layanan perpustakaan bergerak ke desa, sekolah, dan ruang publik menurut jadwal yang ditetapkan, termasuk layanan pinjam buku, dongeng, dan pendampingan taman bacaan.",
    ),
    { kind: "chapter", text: "BAB IV TATA KERJA" },
    p(
      "Dalam melaksanakan tugasnya, setiap pimpinan unit kerja menerapkan prinsip koordinasi, integrasi, dan sinkronisasi, baik di lingkungan dinas maupun dengan perangkat daerah lain. Setiap pimpinan unit kerja wajib mengawasi bawahannya, memberikan bimbingan dan petunjuk, serta menyampaikan laporan berkala tepat waktu.",
    ),
    {
      kind: "table",
      caption: "Tabel 4.1 Jadwal layanan",
      columns: [
        { header: "Layanan", width: 40 },
        { header: "Hari", width: 30 },
        { header: "Jam", width: 30 },
      ],
      rows: [
        ["Perpustakaan umum daerah", "Senin - Kamis", "08.00 - 16.00 WIB"],
        ["Perpustakaan umum daerah", "Jumat", "08.00 - 11.00 WIB"],
        ["Perpustakaan umum daerah", "Sabtu", "08.00 - 13.00 WIB"],
        ["Perpustakaan keliling", "Selasa dan Kamis", "09.00 - 14.00 WIB"],
        ["Layanan penelusuran arsip", "Senin - Jumat", "08.00 - 15.00 WIB"],
      ],
    },
  ],
};
