/**
 * Issuing a list or everyone campaign (decision 254): a list campaign takes a CSV file with a header
 * row naming a `phone` or a `borrowerId` column (docs/console.md); an everyone campaign takes none.
 * The server decides whether it issues at once or waits for a second operator, and says which.
 */
import type { CouponCampaignView, CouponIssueView } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { MARKET_LABEL } from '@/shared/format';
import { ErrorLine } from '@/shared/ui';
import { useIssueCampaign } from './api/issue-campaign';

const outcomeOf = (issue: CouponIssueView) =>
  issue.status === 'pending'
    ? `Waiting for a second operator: ${issue.borrowers} borrowers, ${issue.amount}.`
    : `Issued ${issue.issued ?? 0} coupons to ${issue.borrowers} borrowers.`;

export const IssueForm = ({ campaigns }: { campaigns: readonly CouponCampaignView[] }) => {
  const issue = useIssueCampaign();
  const issuable = campaigns.filter((campaign) => (campaign.audience === 'list' || campaign.audience === 'everyone') && !campaign.paused);
  const [campaignId, setCampaignId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState('');
  const chosen = issuable.find((campaign) => String(campaign.id) === campaignId) ?? issuable[0];
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!chosen) return;
    setOutcome('');
    const csv = chosen.audience === 'list' && file ? await file.text() : undefined;
    const answered = await issue.mutateAsync({ id: chosen.id, csv, reason: reason.trim() });
    setOutcome(outcomeOf(answered));
    setReason('');
    form.reset();
    setFile(null);
  };
  if (issuable.length === 0) return <p className="muted">No running list or everyone campaign to issue.</p>;
  return (
    <form className="stack card" aria-label="Issue coupons" onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <h2>Issue coupons</h2>
      <label>
        Campaign
        <select value={chosen ? String(chosen.id) : ''} onChange={(event) => setCampaignId(event.target.value)}>
          {issuable.map((campaign) => (
            <option key={campaign.id} value={String(campaign.id)}>
              {`${campaign.name} · ${MARKET_LABEL[campaign.market]} · ${campaign.audience === 'list' ? 'uploaded list' : 'everyone'}`}
            </option>
          ))}
        </select>
      </label>
      {chosen?.audience === 'list' ? (
        <label>
          Borrower list (CSV with a phone or borrowerId column)
          <input type="file" accept=".csv,text/csv" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
      ) : (
        <p className="muted">Every borrower of the campaign's market receives one coupon.</p>
      )}
      <label>
        Reason
        <input value={reason} onChange={(event) => setReason(event.target.value)} required minLength={3} maxLength={500} />
      </label>
      <ErrorLine error={issue.error} />
      {outcome && <output>{outcome}</output>}
      <button type="submit" disabled={issue.isPending}>
        Issue coupons
      </button>
    </form>
  );
};
