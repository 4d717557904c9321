/**
 * Demo content for a new database: a fictional district library and archive agency
 * ("Kabupaten Lembah Asri"). Every person, place, address, ISBN and handle here is invented.
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

export const CLASSIFICATIONS: Array<{ notation: string; general_name: string }> = [
  { notation: "000", general_name: "Karya Umum" },
  { notation: "005.1", general_name: "Pemrograman Komputer" },
  { notation: "020", general_name: "Ilmu Perpustakaan dan Informasi" },
  { notation: "297", general_name: "Islam" },
  { notation: "370", general_name: "Pendidikan" },
  { notation: "398.2", general_name: "Cerita Rakyat" },
  { notation: "635", general_name: "Hortikultura" },
  { notation: "641.5", general_name: "Masakan dan Tata Boga" },
  { notation: "651.5", general_name: "Manajemen Arsip" },
  { notation: "899.221", general_name: "Kesusastraan Indonesia" },
  { notation: "959.8", general_name: "Sejarah Indonesia" },
];

export const GENRES = ["Fiksi", "Nonfiksi", "Sejarah", "Agama", "Anak-anak", "Sains dan Teknologi", "Keterampilan", "Sastra"];

/** The last tags have no cover, which clients show with a placeholder. */
export const TAGS = ["Populer", "Baru", "Rekomendasi", "Penulis Lokal", "Pelajar", "Kearsipan"];
export const TAGS_WITH_COVER = 3;

export interface SeedAuthor {
  name: string;
  biography: string;
  total_books: number;
}

export const AUTHORS: SeedAuthor[] = [
  {
    name: "Rina Wulandari",
    biography: "Penulis cerita anak dan pendongeng kelahiran Lembah Asri. Aktif di gerakan literasi keluarga.",
    total_books: 7,
  },
  {
    name: "Ahmad Fauzi Rahman",
    biography: "Sejarawan dan guru sejarah yang meneliti arsip-arsip masa perjuangan di daerah.",
    total_books: 4,
  },
  {
    name: "Nur Aini Safitri",
    biography: "Pustakawan ahli yang menulis panduan pengelolaan perpustakaan sekolah.",
    total_books: 3,
  },
  {
    name: "Bambang Sulistyo",
    biography: "Arsiparis senior dengan pengalaman lebih dari dua puluh tahun di bidang kearsipan.",
    total_books: 2,
  },
  {
    name: "Yusuf Hidayat",
    biography: "Pendidik dan penulis buku keagamaan untuk anak dan keluarga.",
    total_books: 5,
  },
  {
    name: "Lestiani Putri",
    biography: "Novelis dan penyair muda; karyanya banyak mengangkat kehidupan pesisir.",
    total_books: 3,
  },
  {
    name: "Dimas Pratama",
    biography: "Guru TIK yang gemar mengajarkan pemrograman dan literasi digital kepada pelajar.",
    total_books: 2,
  },
  {
    name: "Yuliana Kusuma",
    biography: "Penyuluh pertanian dan penggiat kuliner tradisional.",
    total_books: 2,
  },
];

export interface SeedPublisher {
  name: string;
  address: string;
  about: string;
  email: string;
  phone: string;
  total_books: number;
}

export const PUBLISHERS: SeedPublisher[] = [
  {
    name: "Penerbit Cahaya Ilmu",
    address: "Jl. Cempaka No. 21, Kecamatan Kota, Kabupaten Lembah Asri",
    about: "Penerbit buku anak dan keagamaan.",
    email: "redaksi@cahayailmu.example.id",
    phone: "(0265) 220011",
    total_books: 120,
  },
  {
    name: "Pustaka Lembah Asri",
    address: "Jl. Siliwangi No. 8, Kecamatan Kota, Kabupaten Lembah Asri",
    about: "Penerbit daerah yang menerbitkan karya penulis lokal.",
    email: "pustaka@lembahasri.example.id",
    phone: "(0265) 331122",
    total_books: 45,
  },
  {
    name: "Penerbit Nusantara Cendekia",
    address: "Jl. Gatot Subroto No. 77, Bandung",
    about: "Penerbit umum untuk sastra, pendidikan, dan teknologi.",
    email: "info@nusantaracendekia.example.id",
    phone: "(022) 7654321",
    total_books: 310,
  },
  {
    name: "Media Literasi Bangsa",
    address: "Jl. Kaliurang Km 5, Sleman",
    about: "Penerbit buku-buku literasi dan kepustakawanan.",
    email: "halo@literasibangsa.example.id",
    phone: "(0274) 889900",
    total_books: 86,
  },
  {
    name: "Pustaka Arsip Nusantara",
    address: "Jl. Ampera Raya No. 7, Jakarta Selatan",
    about: "Penerbit khusus kearsipan, sejarah, dan dokumentasi.",
    email: "kontak@arsipnusantara.example.id",
    phone: "(021) 7801234",
    total_books: 38,
  },
];

export interface SeedBook {
  title: string;
  synopsis: string;
  published_date: string;
  /** Registrant part of an invented ISBN-13 (978-623-...); the check digit is computed. */
  isbnBody: string;
  author: string;
  publisher: string;
  classification: string;
  genres: string[];
  tags: string[];
}

export const BOOKS: SeedBook[] = [
  {
    title: "Dongeng Si Kancil dari Lembah Asri",
    synopsis: "Kumpulan dongeng Si Kancil yang cerdik, diceritakan ulang dengan latar sawah dan hutan Lembah Asri.",
    published_date: "2019-07-23T00:00:00.000Z",
    isbnBody: "623-7001-01",
    author: "Rina Wulandari",
    publisher: "Penerbit Cahaya Ilmu",
    classification: "398.2",
    genres: ["Anak-anak", "Fiksi"],
    tags: ["Populer", "Pelajar"],
  },
  {
    title: "Sejarah Kabupaten Lembah Asri dari Masa ke Masa",
    synopsis: "Perjalanan sejarah daerah sejak masa kerajaan, masa kolonial, perjuangan kemerdekaan, hingga kini.",
    published_date: "2018-08-17T00:00:00.000Z",
    isbnBody: "623-7002-11",
    author: "Ahmad Fauzi Rahman",
    publisher: "Pustaka Lembah Asri",
    classification: "959.8",
    genres: ["Sejarah", "Nonfiksi"],
    tags: ["Penulis Lokal", "Rekomendasi"],
  },
  {
    title: "Panduan Praktis Pengelolaan Arsip Dinamis",
    synopsis: "Langkah demi langkah pemberkasan, penyusutan, dan penyimpanan arsip dinamis di instansi pemerintah.",
    published_date: "2021-03-10T00:00:00.000Z",
    isbnBody: "623-7005-21",
    author: "Bambang Sulistyo",
    publisher: "Pustaka Arsip Nusantara",
    classification: "651.5",
    genres: ["Nonfiksi"],
    tags: ["Kearsipan"],
  },
  {
    title: "Menata Perpustakaan Sekolah",
    synopsis: "Panduan mengelola perpustakaan sekolah: pengadaan, katalogisasi, layanan, dan program literasi.",
    published_date: "2020-01-15T00:00:00.000Z",
    isbnBody: "623-7004-31",
    author: "Nur Aini Safitri",
    publisher: "Media Literasi Bangsa",
    classification: "020",
    genres: ["Nonfiksi"],
    tags: ["Pelajar"],
  },
  {
    title: "Belajar Pemrograman untuk Pelajar",
    synopsis: "Pengenalan logika dan pemrograman dengan contoh sederhana yang dekat dengan kehidupan sehari-hari.",
    published_date: "2023-09-04T00:00:00.000Z",
    isbnBody: "623-7003-41",
    author: "Dimas Pratama",
    publisher: "Penerbit Nusantara Cendekia",
    classification: "005.1",
    genres: ["Sains dan Teknologi"],
    tags: ["Pelajar", "Baru"],
  },
  {
    title: "Bertanam Sayuran di Pekarangan Rumah",
    synopsis: "Cara memanfaatkan lahan sempit untuk menanam sayuran organik bagi kebutuhan keluarga.",
    published_date: "2017-05-02T00:00:00.000Z",
    isbnBody: "623-7002-51",
    author: "Yuliana Kusuma",
    publisher: "Pustaka Lembah Asri",
    classification: "635",
    genres: ["Keterampilan"],
    tags: ["Populer"],
  },
  {
    title: "Resep Masakan Tradisional Nusantara",
    synopsis: "Lima puluh resep masakan tradisional dari berbagai daerah beserta kisah di balik setiap hidangan.",
    published_date: "2016-11-20T00:00:00.000Z",
    isbnBody: "623-7003-61",
    author: "Yuliana Kusuma",
    publisher: "Penerbit Nusantara Cendekia",
    classification: "641.5",
    genres: ["Keterampilan"],
    tags: ["Populer", "Rekomendasi"],
  },
  {
    title: "Senja di Pelabuhan Lama",
    synopsis: "Novel tentang persahabatan tiga anak nelayan yang mempertahankan kampung pesisir mereka.",
    published_date: "2024-02-29T00:00:00.000Z",
    isbnBody: "623-7003-71",
    author: "Lestiani Putri",
    publisher: "Penerbit Nusantara Cendekia",
    classification: "899.221",
    genres: ["Fiksi", "Sastra"],
    tags: ["Baru", "Penulis Lokal"],
  },
  {
    title: "Antologi Puisi Anak Negeri",
    synopsis: "Kumpulan puisi karya pelajar Lembah Asri hasil lomba cipta puisi tingkat kabupaten.",
    published_date: "2022-10-28T00:00:00.000Z",
    isbnBody: "623-7002-81",
    author: "Rina Wulandari",
    publisher: "Pustaka Lembah Asri",
    classification: "899.221",
    genres: ["Sastra"],
    tags: ["Pelajar", "Penulis Lokal"],
  },
  {
    title: "Akhlak Mulia dalam Kehidupan Sehari-hari",
    synopsis: "Uraian nilai-nilai akhlak mulia untuk keluarga, disertai kisah teladan dan panduan praktis.",
    published_date: "2019-04-08T00:00:00.000Z",
    isbnBody: "623-7001-91",
    author: "Yusuf Hidayat",
    publisher: "Penerbit Cahaya Ilmu",
    classification: "297",
    genres: ["Agama"],
    tags: ["Rekomendasi"],
  },
  {
    title: "Kisah Teladan Para Nabi untuk Anak",
    synopsis: "Kisah-kisah para nabi yang ditulis dengan bahasa sederhana dan ilustrasi penuh warna.",
    published_date: "2020-06-01T00:00:00.000Z",
    isbnBody: "623-7001-02",
    author: "Yusuf Hidayat",
    publisher: "Penerbit Cahaya Ilmu",
    classification: "297",
    genres: ["Agama", "Anak-anak"],
    tags: ["Populer"],
  },
  {
    title: "Jejak Arsip Perjuangan Kemerdekaan di Daerah",
    synopsis: "Menelusuri dokumen, foto, dan kesaksian tentang perjuangan kemerdekaan yang tersimpan di depo arsip.",
    published_date: "2021-08-16T00:00:00.000Z",
    isbnBody: "623-7005-12",
    author: "Ahmad Fauzi Rahman",
    publisher: "Pustaka Arsip Nusantara",
    classification: "959.8",
    genres: ["Sejarah"],
    tags: ["Kearsipan", "Rekomendasi"],
  },
  {
    title: "Ensiklopedia Mini Pengetahuan Umum",
    synopsis: "Ringkasan pengetahuan umum tentang alam, negara, budaya, dan teknologi untuk pelajar.",
    published_date: "2015-09-14T00:00:00.000Z",
    isbnBody: "623-7004-22",
    author: "Nur Aini Safitri",
    publisher: "Media Literasi Bangsa",
    classification: "000",
    genres: ["Nonfiksi"],
    tags: ["Pelajar"],
  },
  {
    title: "Literasi Digital untuk Keluarga",
    synopsis: "Panduan bermedia digital secara aman, sehat, dan produktif bagi orang tua dan anak.",
    published_date: "2024-05-17T00:00:00.000Z",
    isbnBody: "623-7003-32",
    author: "Dimas Pratama",
    publisher: "Penerbit Nusantara Cendekia",
    classification: "370",
    genres: ["Nonfiksi", "Sains dan Teknologi"],
    tags: ["Baru"],
  },
];

export interface SeedVideo {
  title: string;
  description: string;
  watched: number;
}

export const VIDEOS: SeedVideo[] = [
  {
    title: "Profil Dinas Perpustakaan dan Kearsipan",
    description: "Mengenal layanan perpustakaan dan kearsipan di Kabupaten Lembah Asri.",
    watched: 1250,
  },
  {
    title: "Cara Meminjam Buku Digital di Aplikasi",
    description: "Panduan singkat mendaftar, mencari, dan meminjam buku digital.",
    watched: 842,
  },
  {
    title: "Tur Virtual Depo Arsip Daerah",
    description: "Melihat dari dekat cara arsip statis disimpan dan dirawat.",
    watched: 310,
  },
];
