/**
 * The demo seed's operators, one per role (issue 18), with fixed passwords and TOTP secrets so that
 * `npm start` can print them and browser tests can sign in. Never seeded in production (config refuses demo data there).
 */
import type { OperatorRole } from '@kilat/contract/console';

export interface DemoOperator {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
}

export const DEMO_OPERATORS: readonly DemoOperator[] = [
  {
    email: 'agent@kilat.test',
    name: 'Asha Agent',
    role: 'agent',
    password: 'kilat-demo-agent',
    totpSecret: 'KILATDEMOAGENTAAAAAAAAAAAAAAAAAA',
  },
  {
    email: 'supervisor@kilat.test',
    name: 'Sari Supervisor',
    role: 'supervisor',
    password: 'kilat-demo-supervisor',
    totpSecret: 'KILATDEMOSUPERVISORAAAAAAAAAAAAA',
  },
  {
    email: 'risk@kilat.test',
    name: 'Ravi Risk',
    role: 'risk',
    password: 'kilat-demo-risk',
    totpSecret: 'KILATDEMORISKAAAAAAAAAAAAAAAAAAA',
  },
  // a second risk operator: the checker of another's rule exception in the review queue (decision 161)
  {
    email: 'risk.checker@kilat.test',
    name: 'Rina Risk',
    role: 'risk',
    password: 'kilat-demo-risk-checker',
    totpSecret: 'KILATDEMORISKCHECKERAAAAAAAAAAAA',
  },
  {
    email: 'admin@kilat.test',
    name: 'Adi Admin',
    role: 'admin',
    password: 'kilat-demo-admin',
    totpSecret: 'KILATDEMOADMINAAAAAAAAAAAAAAAAAA',
  },
];

/** Reply templates per problem type, in both languages, for the demo desk. */
export const DEMO_TEMPLATES: readonly { problemType: number; name: string; bodyEn: string; bodyId: string }[] = [
  {
    problemType: 1,
    name: 'Collection conduct reviewed',
    bodyEn: 'We are sorry. We reviewed the calls on your loan and warned the collection team. Tell us at once if it happens again.',
    bodyId: 'Mohon maaf. Kami telah meninjau panggilan atas pinjaman Anda dan menegur tim penagihan. Segera beri tahu kami jika terulang.',
  },
  {
    problemType: 2,
    name: 'Repayment found and posted',
    bodyEn: 'We found your payment and posted it to your loan. The attached screenshot shows the updated balance.',
    bodyId: 'Kami menemukan pembayaran Anda dan telah membukukannya ke pinjaman Anda. Tangkapan layar terlampir menunjukkan saldo terbaru.',
  },
  {
    problemType: 3,
    name: 'Application status explained',
    bodyEn: 'Your application is being reviewed. You will get a decision within one working day.',
    bodyId: 'Pengajuan Anda sedang ditinjau. Anda akan menerima keputusan dalam satu hari kerja.',
  },
  {
    problemType: 4,
    name: 'Disbursement traced',
    bodyEn: 'We traced your disbursement with the bank. The attached receipt shows the transfer reference.',
    bodyId: 'Kami telah melacak pencairan Anda dengan bank. Bukti terlampir menunjukkan nomor referensi transfer.',
  },
  {
    problemType: 5,
    name: 'Account help',
    bodyEn: 'We checked your account and fixed the problem. Please log in again.',
    bodyId: 'Kami telah memeriksa akun Anda dan memperbaiki masalahnya. Silakan masuk kembali.',
  },
  {
    problemType: 6,
    name: 'General answer',
    bodyEn: 'Thank you for telling us. We looked into it and the details are below.',
    bodyId: 'Terima kasih atas laporan Anda. Kami telah menelitinya dan rinciannya ada di bawah.',
  },
];
