/** An admin's change of one bucket's provisioning rate (decision 262): the bucket, the rate in per cent, a reason the audit log keeps. */
import { type ProvisioningBucket, ProvisioningBuckets } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { ReasonForm } from '@/shared/reason-form';
import { SelectField } from '@/shared/select-field';
import { useChangeProvisioningRate } from './api/change-provisioning-rate';

export const ProvisioningRateForm = ({ market }: { market: 'IN' | 'ID' }) => {
  const [bucket, setBucket] = useState<ProvisioningBucket>('current');
  const [percent, setPercent] = useState('');
  const change = useChangeProvisioningRate();
  return (
    <ReasonForm
      label="Change a provisioning rate"
      short
      confirmLabel="Change the rate"
      change={change}
      onConfirm={({ reason }, clear) =>
        change.mutate(
          { market, bucket, rateBps: Math.round(Number(percent) * 100), reason },
          {
            onSuccess: () => {
              clear();
              setPercent('');
            },
          },
        )
      }
      outcome={change.isSuccess ? <p role="status">The rate is changed.</p> : null}
    >
      <SelectField
        label="Days past due"
        value={bucket}
        onChange={(chosen) => setBucket(chosen as ProvisioningBucket)}
        choices={ProvisioningBuckets.map((value) => ({ value, label: value }))}
      />
      <label>
        Rate (%)
        <input type="number" min={0} max={100} step={0.01} required value={percent} onChange={(event) => setPercent(event.target.value)} />
      </label>
    </ReasonForm>
  );
};
