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
  | 'confirm'
  | 'orderDetail'
  | 'repay'
  | 'extension'
  | 'bindCard'
  | 'aboutUs'
  | 'complaint'
  | 'customerService'
  | 'privacyPolicy'
  | 'repayInstructions';

/** Every page the test page opens (spec §2), in the order it lists them. */
export const previewLinks = (fields: PreviewFields): { id: PreviewLinkId; href: string }[] => [
  { id: 'confirm', href: previewHref(Paths.loanConfirm, fields) },
  { id: 'orderDetail', href: previewHref(Paths.loanDetails, fields) },
  { id: 'repay', href: previewHref(Paths.repay, fields) },
  { id: 'extension', href: previewHref(Paths.repayDelay, fields) },
  {
    id: 'bindCard',
    href: previewHref(`#${Paths.hash.bindCard}`, fields, {
      orderId: fields.orderId,
      productId: fields.productId,
      couponMoney: '0',
      couponId: '',
      withholdingAmount: '0',
      from: 'payway',
    }),
  },
  { id: 'aboutUs', href: previewHref(Paths.aboutUs, fields) },
  { id: 'complaint', href: previewHref(Paths.complaintEntry, fields) },
  { id: 'customerService', href: previewHref(Paths.customerService, fields) },
  { id: 'privacyPolicy', href: previewHref(Paths.privacyPolicy, fields) },
  // the test page types no amount: '0', as bank binding's withholdingAmount (spec §2 /that takes amount and display)
  { id: 'repayInstructions', href: previewHref(Paths.virtualAccountRepay, fields, { amount: '0', display: '1' }) },
];
