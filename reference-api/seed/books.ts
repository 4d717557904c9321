/**
 * The demo catalogue's books, invented like all the demo content (content.ts). Each names its
 * author, publisher, classification, genres and tags as catalogue.ts names them.
 */

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
