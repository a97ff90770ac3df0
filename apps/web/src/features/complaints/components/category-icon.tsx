// one icon per position of the category list (spec §2): loan, repayment, account, other
const paths = [
  'M4 7h16v10H4z M8 12h8 M12 9v6',
  'M3 6h18v12H3z M3 10h18 M7 15h4',
  'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c1-4 4-6 8-6s7 2 8 6',
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14 M12 17h.01',
];

/** The icon of the category at a position of the list; the fifth and later repeat the first four. */
export function CategoryIcon({ position }: { position: number }) {
  return (
    <svg viewBox="0 0 24 24" width={32} height={32} aria-hidden="true" focusable="false">
      <path
        d={paths[position % paths.length]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
