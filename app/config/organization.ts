/**
 * The organisation chart (spec: static data). Edit this file to change the chart; the page
 * `/organization-tree` renders it as nested lists. The demo names match the reference API's officers.
 */
export interface OrgMember {
  name: string;
  position: string;
}

export interface OrgUnit {
  name: string;
  lead: OrgMember;
  teams: { name: string; lead: OrgMember; members: OrgMember[] }[];
}

export interface OrganizationChart {
  head: OrgMember;
  secretary: OrgMember;
  units: OrgUnit[];
}

export const ORGANIZATION: OrganizationChart = {
  head: { name: "Drs. H. Ahmad Suryana, M.Si.", position: "Kepala Dinas" },
  secretary: { name: "Hj. Siti Nurhasanah, S.Sos., M.M.", position: "Sekretaris" },
  units: [
    {
      name: "Subbagian Umum dan Kepegawaian",
      lead: { name: "Agus Setiawan, S.E.", position: "Kepala Subbagian Umum dan Kepegawaian" },
      teams: [
        {
          name: "Tim Administrasi Umum",
          lead: { name: "Rina Marlina, S.AP.", position: "Ketua Tim" },
          members: [
            { name: "Dedi Kurniawan", position: "Pengadministrasi Umum" },
            { name: "Yuliani", position: "Pengelola Keuangan" },
          ],
        },
        {
          name: "Tim Kepegawaian",
          lead: { name: "Bayu Pratama, S.Kom.", position: "Ketua Tim" },
          members: [
            { name: "Lilis Suryani", position: "Pengelola Kepegawaian" },
            { name: "Asep Hidayat", position: "Pranata Komputer" },
          ],
        },
      ],
    },
    {
      name: "Bidang Kearsipan",
      lead: { name: "Dewi Anggraeni, S.Kom.", position: "Kepala Bidang Kearsipan" },
      teams: [
        {
          name: "Tim Pengelolaan Arsip",
          lead: { name: "Nurhayati, S.IP.", position: "Ketua Tim / Arsiparis Ahli Muda" },
          members: [
            { name: "Fajar Ramadhan, A.Md.", position: "Arsiparis Terampil" },
            { name: "Wulan Sari", position: "Pengelola Arsip" },
          ],
        },
        {
          name: "Tim Pembinaan dan Akuisisi Arsip",
          lead: { name: "Eko Prasetyo, S.IP.", position: "Ketua Tim / Arsiparis Ahli Muda" },
          members: [
            { name: "Intan Permata, S.Hum.", position: "Arsiparis Ahli Pertama" },
            { name: "Rudi Hartono", position: "Pengelola Arsip" },
          ],
        },
      ],
    },
    {
      name: "Bidang Perpustakaan",
      lead: { name: "Rudi Kurniawan, S.IP., M.Hum.", position: "Kepala Bidang Perpustakaan" },
      teams: [
        {
          name: "Tim Layanan dan Otomasi Perpustakaan",
          lead: { name: "Andi Firmansyah, S.IIP.", position: "Ketua Tim / Pustakawan Ahli Muda" },
          members: [
            { name: "Dewi Lestari, S.IIP.", position: "Pustakawan Ahli Pertama" },
            { name: "Hadi Susanto", position: "Pustakawan Terampil" },
          ],
        },
        {
          name: "Tim Pengembangan Koleksi dan Pembudayaan Gemar Membaca",
          lead: { name: "Maya Anggraini, S.Pd.", position: "Ketua Tim / Pustakawan Ahli Muda" },
          members: [
            { name: "Rizki Maulana", position: "Pengelola Bahan Pustaka" },
            { name: "Sri Wahyuni", position: "Pustakawan Terampil" },
          ],
        },
      ],
    },
  ],
};
