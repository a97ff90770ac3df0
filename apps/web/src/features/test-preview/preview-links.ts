import { type Market, Market as Markets } from '@kilat/contract';
import { Paths } from '@/shared/paths';

/** What the developer typed on the test page (spec §2); every link carries it. */
export interface PreviewFields {
  appVersion: string;
  deviceName: string;
  deviceId: string;
  osVersion: string;
  sessionId: string;
  /** the advertising id; the native shell passes it as `gaid` */
  gaid: string;
  productId: string;
  orderId: string;
  /** what the order owes, in minor units: the repay pages open with it (the demo fill sets it from the chosen order) */
  amount: string;
  market: Market;
}

export const emptyPreviewFields = (market: Market): PreviewFields => ({
  appVersion: '',
  deviceName: '',
  deviceId: '',
  osVersion: '',
  sessionId: '',
  gaid: '',
  productId: '',
  orderId: '',
  amount: '',
  market,
});

/** The page-address params a native shell would put on a page it opens; empty fields are left out. */
export const previewParams = (fields: PreviewFields): URLSearchParams => {
  const params = new URLSearchParams();
  const typed = {
    deviceId: fields.deviceId,
    appVersion: fields.appVersion,
    deviceName: fields.deviceName,
    osVersion: fields.osVersion,
    sessionId: fields.sessionId,
    gaid: fields.gaid,
    productId: fields.productId,
    orderId: fields.orderId,
  };
  for (const [name, value] of Object.entries(typed)) {
    if (value.trim() !== '') params.set(name, value.trim());
  }
  // the spec's isNeedPop: 1 selects the India pack, anything else Indonesia
  params.set('isNeedPop', fields.market === Markets.India ? '1' : '0');
  return params;
};

/**
 * The address of a page opened with the typed params. A `#/…` target is a hash route: its
 * params follow the hash, as the spec's hash links carry them.
 */
export const previewHref = (target: string, fields: PreviewFields, extra: Record<string, string> = {}): string => {
  const params = previewParams(fields);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return target.startsWith('#') ? `/${target}?${params}` : `${target}?${params}`;
};

export type PreviewLinkId =
  | 'officialSite'
  | 'confirm'
  | 'orderDetail'
  | 'repay'
  | 'extension'
  | 'payWay'
  | 'bindCard'
  | 'thirdParty'
  | 'methodChooser'
  | 'repayInstructions'
  | 'loanTerms'
  | 'recommended'
  | 'jointLoginFailure'
  | 'aboutUs'
  | 'complaint'
  | 'complaintList'
  | 'chatbot'
  | 'customerService'
  | 'privacyPolicy';

export interface PreviewLink {
  id: PreviewLinkId | 'promotion' | 'downloadTemplate';
  href: string;
  /** the seeded promotion template a link opens */
  templateId?: string;
}

/**
 * Every page a developer needs (spec §2), in the order the test page lists them: the spec's
 * list, then the rest of the product, then each seeded promotion template of the market.
 */
export const previewLinks = (fields: PreviewFields, templateIds: readonly string[] = []): PreviewLink[] => {
  // minor units owed by the chosen order; '0' only when nothing says what it owes
  const amount = fields.amount.trim() || '0';
  const order = { orderId: fields.orderId, productId: fields.productId };
  const links: PreviewLink[] = [
    { id: 'officialSite', href: previewHref(Paths.officialHome, fields) },
    { id: 'confirm', href: previewHref(Paths.loanConfirm, fields) },
    { id: 'orderDetail', href: previewHref(Paths.loanDetails, fields) },
    { id: 'repay', href: previewHref(Paths.repay, fields) },
    { id: 'extension', href: previewHref(Paths.repayDelay, fields) },
    { id: 'payWay', href: previewHref(Paths.payWay, fields, { ...order, withholdingAmount: amount, purpose: 'repay' }) },
    {
      id: 'bindCard',
      href: previewHref(`#${Paths.hash.bindCard}`, fields, {
        ...order,
        couponMoney: '0',
        couponId: '',
        withholdingAmount: amount,
        from: 'payway',
      }),
    },
    {
      id: 'thirdParty',
      href: previewHref(`#${Paths.hash.thirdPartyPayment}`, fields, {
        ...order,
        withholdingAmount: amount,
        from: 'payway',
        purpose: 'repay',
      }),
    },
    // the method chooser belongs to Indonesia's repayment flow (decision 019)
    ...(fields.market === Markets.Indonesia
      ? [{ id: 'methodChooser' as const, href: previewHref(Paths.repayMethodChooser, fields, { amount, display: '1' }) }]
      : []),
    { id: 'repayInstructions', href: previewHref(Paths.virtualAccountRepay, fields, { amount, display: '1' }) },
    { id: 'loanTerms', href: previewHref(Paths.loanTerms, fields) },
    { id: 'recommended', href: previewHref(Paths.recommendedList, fields) },
    { id: 'jointLoginFailure', href: previewHref(Paths.jointLoginFailure, fields) },
    { id: 'aboutUs', href: previewHref(Paths.aboutUs, fields) },
    { id: 'complaint', href: previewHref(Paths.complaintEntry, fields) },
    { id: 'complaintList', href: previewHref(Paths.complaintList, fields) },
    { id: 'chatbot', href: previewHref(Paths.chatbot, fields) },
    { id: 'customerService', href: previewHref(Paths.customerService, fields) },
    { id: 'privacyPolicy', href: previewHref(Paths.privacyPolicy, fields) },
  ];
  for (const templateId of templateIds) {
    links.push({ id: 'promotion', templateId, href: previewHref(Paths.promotionRegistration, fields, { id: templateId }) });
    links.push({ id: 'downloadTemplate', templateId, href: previewHref(`#${Paths.hash.downloadTemplate}`, fields, { id: templateId }) });
  }
  return links;
};
