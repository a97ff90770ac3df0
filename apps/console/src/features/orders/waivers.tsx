/** An order's penalty waivers: ask for one with a reason; another operator approves those above the configured amount (decision 157). */
import { type OrderPageView, Permission } from '@kilat/contract/console/browser';
import { MakerChecker } from '@/shared/maker-checker';
import { majorText } from '@/shared/money-field';
import { ReasonForm } from '@/shared/reason-form';
import { useSession } from '@/shared/session';
import { useDecideWaiver, useRequestWaiver } from './api/waivers';
import { Card } from './card';

export const Waivers = ({ view }: { view: OrderPageView }) => {
  const { can } = useSession();
  const ask = useRequestWaiver(view.order.id);
  const decide = useDecideWaiver(view.order.id);
  return (
    <Card id="waivers-title" title="Penalty waivers">
      <MakerChecker
        caption="Waivers of this order"
        noun="waiver"
        market={view.order.market}
        requests={view.waivers}
        approver={Permission.WaiversApprove}
        decision={decide}
        withReason
      />
      {can(Permission.WaiversRequest) && view.penaltyOwedMinor > 0 && (
        <ReasonForm
          label="Waive penalties"
          confirmLabel="Ask to waive"
          change={ask}
          onConfirm={({ reason, amountMinor }, clear) => ask.mutate({ amountMinor, reason }, { onSuccess: clear })}
          amount={{
            label: `Amount to waive (at most ${majorText(view.penaltyOwedMinor)}; above ${majorText(view.waiverApprovalAboveMinor)} another operator approves)`,
            maxMinor: view.penaltyOwedMinor,
          }}
          outcome={
            ask.data && (
              <p role="status">
                {ask.data.status === 'pending' ? 'Asked: another operator approves it.' : 'Waived: posted to the ledger.'}
              </p>
            )
          }
        />
      )}
    </Card>
  );
};
