import { Paths } from '@/app/paths';

/**
 * Where pay hands over to the repayment flow: the bind-card / pay-way page of spec §2
 * (`#/addnormalcard`, from=payway). The repayment pages are issue 5's; until they land this
 * page only hands over. Amounts sent there have their separators removed (spec §9): minor
 * units as plain digits.
 */
export const payWayHref = (orderId: string, productId: string, amountMinor: number): string =>
  `#${Paths.hash.bindCard}?${new URLSearchParams({ orderId, productId, withholdingAmount: String(amountMinor), from: 'payway' })}`;
