/** The coupon issues with their second operator (decision 254), one maker-checker block per market. */
import { type CouponIssueView, Permission } from '@kilat/contract/console/browser';
import { MARKET_LABEL } from '@/shared/format';
import { MakerChecker } from '@/shared/maker-checker';
import { ErrorLine } from '@/shared/ui';
import { useDecideIssue } from './api/decide-issue';
import { useCouponIssues } from './api/get-issues';

export const CouponIssues = () => {
  const issues = useCouponIssues();
  const decision = useDecideIssue();
  const rows = issues.data ?? [];
  return (
    <section className="card stack" aria-labelledby="coupon-issues-title">
      <h2 id="coupon-issues-title">Issues</h2>
      <ErrorLine error={issues.error} />
      {(['IN', 'ID'] as const).map((market) => {
        const ofMarket = rows.filter((row) => row.market === market);
        return ofMarket.length === 0 ? null : (
          <MakerChecker<CouponIssueView>
            key={market}
            caption={`Coupon issues · ${MARKET_LABEL[market]}, newest first`}
            noun="issue"
            market={market}
            requests={ofMarket}
            approver={Permission.CouponsApprove}
            decision={decision}
            more={[
              { header: 'Campaign', cell: (row) => row.campaignName },
              { header: 'Borrowers', cell: (row) => row.borrowers, className: 'mono' },
              { header: 'Issued', cell: (row) => row.issued ?? '–', className: 'mono' },
            ]}
          />
        );
      })}
      {issues.data && rows.length === 0 && <p className="muted">No coupon issued from here yet.</p>}
    </section>
  );
};
