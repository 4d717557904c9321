/**
 * Demo content for a new database: a fictional district library and archive agency
 * ("Kabupaten Lembah Asri"). Every person, place, address, ISBN and handle here is invented.
 * This file: the public pages' content and the libraries; the catalogue's lists are in
 * catalogue.ts, its books in books.ts.
 */

const AGENCY = "Dinas Perpustakaan dan Kearsipan";
const DISTRICT = "Kabupaten Lembah Asri";

export interface SeedBanner {
  title: string;
  description: string;
  url: string;
}

export const SLIDERS: SeedBanner[] = [
  {
    title: "SELAMAT DATANG DI DINAS PERPUSTAKAAN DAN KEARSIPAN",
    description: `Pusat layanan literasi, informasi, dan pelestarian arsip ${DISTRICT}.`,
    url: "/about",
  },
  {
    title: "PERPUSTAKAAN KELILING HADIR DI DESA ANDA",
    description: "Mobil perpustakaan keliling melayani desa-desa setiap Selasa dan Kamis.",
    url: "",
  },
  {
    title: "LAYANAN ARSIP UNTUK MASYARAKAT",
    description: "Telusuri arsip statis daerah untuk penelitian, pendidikan, dan kepentingan umum.",
    url: "/history",
  },
];

export const BANNERS: SeedBanner[] = [
  {
    title: "Baca Buku Digital di Genggaman",
    description: "Ribuan judul buku dapat dipinjam gratis melalui aplikasi perpustakaan digital.",
    url: "",
  },
  {
    title: "Koleksi Baru Bulan Ini",
    description: "Temukan buku sejarah daerah, sastra, dan keterampilan terbaru di katalog kami.",
    url: "",
  },
  {
    title: "Lomba Resensi Buku Tingkat Pelajar",
    description: "Tulis resensi buku favoritmu dan menangkan hadiah menarik. Pendaftaran dibuka hingga akhir bulan.",
    url: "https://example.org/lomba-resensi",
  },
];

export const ABOUT = {
  title: "Tentang Dinas Perpustakaan dan Kearsipan",
  description:
    `<p>${AGENCY} ${DISTRICT} adalah perangkat daerah yang melaksanakan urusan pemerintahan bidang perpustakaan ` +
    "dan bidang kearsipan. Kami mengelola perpustakaan umum daerah, membina perpustakaan desa, sekolah, dan taman " +
    "bacaan masyarakat, serta menyelamatkan dan melestarikan arsip daerah.</p>" +
    "<p>Layanan kami meliputi peminjaman buku, ruang baca anak, perpustakaan keliling, perpustakaan digital, " +
    "layanan penelusuran arsip statis, serta bimbingan teknis pengelolaan arsip bagi perangkat daerah dan desa.</p>" +
    "<p><strong>Jam layanan:</strong> Senin&ndash;Kamis 08.00&ndash;16.00 WIB, Jumat 08.00&ndash;11.00 WIB, " +
    "Sabtu 08.00&ndash;13.00 WIB.</p>",
  address: "Jl. Pahlawan No. 17, Kelurahan Sukajadi, Kecamatan Kota, Kabupaten Lembah Asri",
  phone: "(0265) 123456",
  email: "dispusip@lembahasri.example.id",
  facebook: "dispusiplembahasri",
  instagram: "dispusip.lembahasri",
  twitter: "dispusip_la",
  youtube: "dispusiplembahasri",
  tiktok: "dispusip.lembahasri",
  terms_and_condition:
    "<h2>Syarat dan Ketentuan</h2>" +
    `<p>Dengan menggunakan situs dan aplikasi ${AGENCY}, Anda menyetujui ketentuan berikut.</p>` +
    "<ol>" +
    "<li>Layanan keanggotaan perpustakaan terbuka bagi seluruh warga dengan kartu identitas yang sah.</li>" +
    "<li>Buku digital hanya boleh dibaca untuk keperluan pribadi dan tidak boleh disebarluaskan.</li>" +
    "<li>Masa pinjam buku fisik adalah 14 hari dan dapat diperpanjang satu kali.</li>" +
    "<li>Salinan arsip diberikan sesuai ketentuan akses arsip yang berlaku.</li>" +
    "</ol>" +
    "<p>Ketentuan ini dapat berubah sewaktu-waktu dan perubahan akan diumumkan di situs ini.</p>",
  privacy_policy:
    "<h2>Kebijakan Privasi</h2>" +
    "<p>Kami menghormati privasi setiap pengunjung dan anggota perpustakaan.</p>" +
    "<ul>" +
    "<li>Data yang kami kumpulkan: nama, alamat email, nomor telepon, dan riwayat peminjaman.</li>" +
    "<li>Data digunakan hanya untuk layanan perpustakaan dan tidak dijual kepada pihak lain.</li>" +
    "<li>Anda dapat meminta perbaikan atau penghapusan data melalui email resmi dinas.</li>" +
    "</ul>" +
    "<p>Pertanyaan tentang kebijakan ini dapat dikirim ke alamat email yang tercantum di halaman kontak.</p>",
};

export const MISSION_VISION = {
  vision: `Terwujudnya masyarakat ${DISTRICT.replace("Kabupaten ", "")} yang gemar membaca, berpengetahuan, dan tertib arsip.`,
  mission: [
    "1. Meningkatkan kualitas dan jangkauan layanan perpustakaan bagi seluruh lapisan masyarakat.",
    "2. Menumbuhkan budaya gemar membaca melalui gerakan literasi di sekolah, desa, dan keluarga.",
    "3. Mengembangkan koleksi dan layanan perpustakaan digital.",
    "4. Mewujudkan pengelolaan arsip yang tertib, aman, dan mudah diakses.",
    "5. Menyelamatkan dan melestarikan arsip sebagai memori kolektif daerah.",
  ].join("\n"),
};

export const HISTORY = {
  title: "SEJARAH DINAS PERPUSTAKAAN DAN KEARSIPAN",
  description:
    "<p>Layanan perpustakaan di Lembah Asri berawal pada tahun 1978 dari sebuah ruang baca kecil di kompleks " +
    "kantor bupati, dengan koleksi awal sekitar lima ratus judul buku sumbangan masyarakat.</p>" +
    "<p>Pada tahun 1995 ruang baca tersebut berkembang menjadi Kantor Perpustakaan Daerah dan mulai " +
    "mengoperasikan mobil perpustakaan keliling ke kecamatan-kecamatan.</p>" +
    "<p>Tahun 2008 urusan perpustakaan digabungkan dengan urusan kearsipan menjadi Kantor Perpustakaan, Arsip, " +
    "dan Dokumentasi. Sejak penataan perangkat daerah tahun 2017, lembaga ini menjadi " +
    `<strong>${AGENCY}</strong> yang membawahi bidang perpustakaan dan bidang kearsipan.</p>` +
    "<p>Kini dinas mengelola perpustakaan umum daerah, depo arsip statis, dan layanan perpustakaan digital yang " +
    "dapat diakses melalui aplikasi telepon genggam.</p>",
};

export interface SeedActivity {
  date: string;
  title: string;
  description: string;
}

export const ACTIVITIES: SeedActivity[] = [
  {
    date: "2024-01-22T02:00:00.000Z",
    title: "Pelatihan Pengelolaan Arsip Dinamis bagi Perangkat Desa",
    description:
      "<p>Sebanyak 60 sekretaris desa mengikuti pelatihan penataan arsip dinamis, mulai dari pemberkasan, " +
      "penyusunan daftar arsip, hingga penyimpanan yang aman.</p>",
  },
  {
    date: "2024-02-14T01:30:00.000Z",
    title: "Perpustakaan Keliling Menyapa Siswa SD Negeri 2 Cibening",
    description:
      "<p>Mobil perpustakaan keliling membawa lebih dari 800 buku cerita dan pengetahuan untuk dibaca " +
      "siswa di halaman sekolah.</p>",
  },
  {
    date: "2024-03-19T02:00:00.000Z",
    title: "Bimbingan Teknis Pustakawan Sekolah",
    description:
      "<p>Pustakawan dan guru pengelola perpustakaan sekolah belajar katalogisasi, klasifikasi DDC, dan " +
      "pemanfaatan aplikasi otomasi perpustakaan.</p>",
  },
  {
    date: "2024-04-23T03:00:00.000Z",
    title: "Hari Buku Sedunia: Gerakan Donasi Seribu Buku",
    description:
      "<p>Masyarakat menyumbangkan 1.240 buku layak baca yang akan disalurkan ke taman bacaan masyarakat " +
      "di desa-desa.</p>",
  },
  {
    date: "2024-05-17T02:00:00.000Z",
    title: "Peringatan Hari Buku Nasional",
    description:
      "<p>Peringatan Hari Buku Nasional diisi dengan pameran buku penulis lokal, diskusi literasi, dan " +
      "pendaftaran anggota perpustakaan gratis.</p>",
  },
  {
    date: "2024-06-12T01:00:00.000Z",
    title: "Lomba Bercerita Tingkat Sekolah Dasar",
    description:
      "<p>Empat puluh peserta dari berbagai kecamatan menampilkan cerita rakyat daerah dengan penuh " +
      "semangat di aula perpustakaan.</p>",
  },
  {
    date: "2024-08-20T02:00:00.000Z",
    title: "Pameran Arsip Sejarah Perjuangan Kemerdekaan",
    description:
      "<p>Foto, surat kabar, dan dokumen asli masa perjuangan dari depo arsip daerah dipamerkan selama " +
      "satu minggu dan dikunjungi lebih dari 2.000 orang.</p>",
  },
  {
    date: "2024-09-14T02:00:00.000Z",
    title: "Hari Kunjung Perpustakaan: Ayo ke Perpustakaan!",
    description:
      "<p>Pada Hari Kunjung Perpustakaan, pelajar diajak berkeliling ruang koleksi, ruang baca anak, dan " +
      "depo arsip.</p>",
  },
  {
    date: "2024-10-28T02:30:00.000Z",
    title: "Bedah Buku Bersama Penulis Lokal di Hari Sumpah Pemuda",
    description:
      "<p>Penulis muda Lembah Asri berbagi proses kreatif menulis novel dan mengajak pemuda aktif " +
      "berkarya.</p>",
  },
  {
    date: "2024-11-21T02:00:00.000Z",
    title: "Sosialisasi Aplikasi Perpustakaan Digital",
    description:
      "<p>Petugas memperkenalkan cara mendaftar, mencari, dan membaca buku digital melalui aplikasi " +
      "kepada guru dan orang tua murid.</p>",
  },
];

export interface SeedOfficer {
  name: string;
  position: string;
  additional_text: string;
}

export const OFFICERS: SeedOfficer[] = [
  { name: "Drs. H. Ahmad Suryana, M.Si.", position: "Kepala Dinas", additional_text: "Pembina Utama Muda (IV/c)" },
  { name: "Hj. Siti Nurhasanah, S.Sos., M.M.", position: "Sekretaris Dinas", additional_text: "Pembina Tingkat I (IV/b)" },
  {
    name: "Rudi Kurniawan, S.IP., M.Hum.",
    position: "Kepala Bidang Perpustakaan",
    additional_text: "Pembina (IV/a)",
  },
  { name: "Dewi Anggraeni, S.Kom.", position: "Kepala Bidang Kearsipan", additional_text: "Penata Tingkat I (III/d)" },
  {
    name: "Agus Setiawan, S.E.",
    position: "Kepala Subbagian Umum dan Kepegawaian",
    additional_text: "Penata (III/c)",
  },
];

export interface SeedLibrary {
  name: string;
  address: string;
  phone_number: string;
  about: string;
  active: boolean;
}

export const LIBRARIES: SeedLibrary[] = [
  {
    name: "Perpustakaan Desa Mekarjaya",
    address: "Jl. Raya Mekarjaya No. 5, Kecamatan Cisalak",
    phone_number: "0812-3456-7801",
    about: "Perpustakaan desa dengan koleksi 3.000 judul dan ruang baca anak.",
    active: true,
  },
  {
    name: "Taman Bacaan Masyarakat Cahaya Ilmu",
    address: "Kampung Babakan RT 02/RW 05, Kecamatan Sukaraja",
    phone_number: "0813-2233-4455",
    about: "Taman bacaan yang dikelola karang taruna, buka setiap sore.",
    active: true,
  },
  {
    name: "Perpustakaan SMP Negeri 3 Lembah Asri",
    address: "Jl. Pendidikan No. 3, Kecamatan Kota",
    phone_number: "(0265) 654321",
    about: "Perpustakaan sekolah; sementara tutup karena renovasi gedung.",
    active: false,
  },
  {
    name: "Pojok Baca Kantor Kecamatan Sukaraja",
    address: "Jl. Merdeka No. 1, Kecamatan Sukaraja",
    phone_number: "",
    about: "Pojok baca untuk warga yang menunggu layanan administrasi.",
    active: false,
  },
];
