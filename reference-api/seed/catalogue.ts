/**
 * The demo catalogue's lists, invented like all the demo content (content.ts): classifications,
 * genres, tags, authors and publishers, which the books (books.ts) name; and the videos.
 */

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
