/**
 * The coupons' cost and effect (decision 254): per campaign and day, what was issued, used, expired
 * and taken off; the loans closed on time with and without a coupon; the days as CSV (audited).
 */
import { CONSOLE_API_PREFIX, COUPON_FIGURES_EXPORT_PATH, type CouponDayFigures } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { Table } from '@/shared/table';
import { ErrorLine } from '@/shared/ui';
import { useCouponFigures } from './api/get-figures';

/** minor units as whole money of the market: 100 minor units to one rupee or rupiah */
const whole = (minor: number) => (minor / 100).toFixed(2);
const share = (part: number, all: number) => (all === 0 ? '–' : `${Math.round((part / all) * 100)} %`);

export const CouponFigures = () => {
  const [market, setMarket] = useState<'IN' | 'ID'>('IN');
  const figures = useCouponFigures({ market });
  const view = figures.data;
  const csvHref = `${CONSOLE_API_PREFIX}${COUPON_FIGURES_EXPORT_PATH}?${new URLSearchParams({ market }).toString()}`;
  return (
    <section className="card stack" aria-labelledby="coupon-figures-title">
      <div className="page-head">
        <h2 id="coupon-figures-title">Cost and effect</h2>
        <div className="actions">
          <label>
            Market
            <select value={market} onChange={(event) => setMarket(event.target.value as 'IN' | 'ID')}>
              <option value="IN">India</option>
              <option value="ID">Indonesia</option>
            </select>
          </label>
          <a className="button" href={csvHref} download>
            Download figures CSV
          </a>
        </div>
      </div>
      <ErrorLine error={figures.error} />
      {view && (
        <>
          <p>
            {`Loans closed ${view.from} to ${view.to}: with a coupon ${view.withCoupon.onTime} of ${view.withCoupon.closed} on time (${share(view.withCoupon.onTime, view.withCoupon.closed)}); without ${view.withoutCoupon.onTime} of ${view.withoutCoupon.closed} (${share(view.withoutCoupon.onTime, view.withoutCoupon.closed)}).`}
          </p>
          <Table<CouponDayFigures>
            caption={`Per campaign and day, ${view.from} to ${view.to}`}
            columns={[
              { header: 'Date', cell: (row) => row.date, rowHeader: true },
              { header: 'Campaign', cell: (row) => row.campaignName },
              { header: 'Issued', cell: (row) => row.issued, className: 'mono' },
              { header: 'Used', cell: (row) => row.used, className: 'mono' },
              { header: 'Expired', cell: (row) => row.expired, className: 'mono' },
              { header: 'Discounted', cell: (row) => whole(row.discountedMinor), className: 'mono' },
            ]}
            rows={view.days}
            rowKey={(row) => `${row.date}-${row.campaignId}`}
          />
        </>
      )}
    </section>
  );
};
