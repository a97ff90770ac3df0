import { interpolate, type Market, Market as Markets } from '@kilat/contract';
import { useEffect, useId, useState } from 'react';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { Page } from '@/shared/ui';
import { ContactInput } from './components/contact-input';
import { LocationButton } from './components/location-button';
import { PhotoPicker } from './components/photo-picker';
import { type DemoOrder, fetchDemoFields } from './demo-session';
import { emptyPreviewFields, type PreviewFields, previewLinks } from './preview-links';
import styles from './test-preview.module.css';
import type { TestPreviewTexts } from './texts/en-IN';

const loaders = {
  'en-IN': () => import('./texts/en-IN'),
  'id-ID': () => import('./texts/id-ID'),
};

const STORAGE_KEY = 'kilat.test-preview';
const textFields = ['appVersion', 'deviceName', 'deviceId', 'osVersion', 'sessionId', 'gaid', 'productId', 'orderId'] as const;

/** What the developer typed earlier in this tab, else what the page address (or the tab) carries. */
const initialFields = (market: Market): PreviewFields => {
  try {
    const remembered = sessionStorage.getItem(STORAGE_KEY);
    if (remembered) return { ...emptyPreviewFields(market), ...(JSON.parse(remembered) as Partial<PreviewFields>) };
  } catch {
    // unreadable memory: start from the address
  }
  const context = getQueryContext();
  return {
    ...emptyPreviewFields(market),
    appVersion: context.appVersion,
    deviceName: context.deviceName,
    deviceId: context.deviceId,
    osVersion: context.osVersion,
    sessionId: context.sessionId,
    gaid: pageParam('gaid'),
    productId: context.productId,
    orderId: context.orderId,
  };
};

/** /testPreview: the developer page that opens every page with typed device and order params (spec §2). */
export default function TestPreviewPage() {
  const texts = useContent<TestPreviewTexts>(loaders);
  const activeMarket = useMarket();
  const id = useId();
  const [fields, setFields] = useState(() => initialFields(activeMarket));
  // true while the inputs hold an untouched demo fill, which a market change may replace
  const [demoFilled, setDemoFilled] = useState(false);
  const [demoOrders, setDemoOrders] = useState<DemoOrder[]>([]);
  const [shouldFill, setShouldFill] = useState(() => fields.deviceId.trim() === '');

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fields));
    } catch {
      // storage blocked: the page still works without memory
    }
  }, [fields]);

  // outside production the page opens with the demo borrower; production answers 404 and stays empty
  useEffect(() => {
    if (!shouldFill) return;
    let current = true;
    fetchDemoFields(fields.market).then((demo) => {
      if (!current) return;
      setShouldFill(false);
      if (!demo) return;
      setFields((previous) => ({ ...previous, ...demo.fields }));
      setDemoOrders(demo.orders);
      setDemoFilled(true);
    });
    return () => {
      current = false;
    };
  }, [shouldFill, fields.market]);

  const type = (name: (typeof textFields)[number], value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    // what the developer types wins over a demo fill still on its way
    setShouldFill(false);
    setDemoFilled(false);
  };

  const chooseMarket = (market: Market) => {
    setFields((previous) => ({ ...previous, market }));
    if (demoFilled) setShouldFill(true);
  };

  return (
    <Page title={texts.title}>
      <p>{texts.intro}</p>
      <section className={styles.section} aria-labelledby={`${id}-fields`}>
        <h2 id={`${id}-fields`}>{texts.fieldsHeading}</h2>
        {textFields.map((name) => (
          <div key={name} className={styles.field}>
            <label htmlFor={`${id}-${name}`}>{texts.fields[name]}</label>
            <input
              id={`${id}-${name}`}
              name={name}
              autoComplete="off"
              spellCheck={false}
              value={fields[name]}
              onChange={(event) => type(name, event.target.value)}
            />
          </div>
        ))}
        {demoOrders.length > 0 && (
          <div className={styles.field}>
            <label htmlFor={`${id}-demo-order`}>{texts.demoOrder}</label>
            <select
              id={`${id}-demo-order`}
              value={demoOrders.find((order) => order.orderId === fields.orderId)?.orderId ?? ''}
              onChange={(event) => {
                const order = demoOrders.find((candidate) => candidate.orderId === event.target.value);
                if (!order) return;
                setFields((previous) => ({ ...previous, orderId: order.orderId, productId: order.productId }));
              }}
            >
              <option value="" disabled>
                {texts.demoOrderNone}
              </option>
              {demoOrders.map((order) => (
                <option key={order.orderId} value={order.orderId}>
                  {interpolate(texts.demoOrderOption, { status: order.status, orderNo: order.orderNo })}
                </option>
              ))}
            </select>
          </div>
        )}
        <fieldset className={styles.markets}>
          <legend>{texts.market}</legend>
          {[Markets.India, Markets.Indonesia].map((market) => (
            <label key={market} className={styles.radio}>
              <input
                type="radio"
                name={`${id}-market`}
                value={market}
                checked={fields.market === market}
                onChange={() => chooseMarket(market)}
              />
              {texts.markets[market]}
            </label>
          ))}
        </fieldset>
        <p role="status" className={styles.status}>
          {demoFilled ? texts.demoFilled : ''}
        </p>
      </section>

      <nav className={styles.section} aria-labelledby={`${id}-links`}>
        <h2 id={`${id}-links`}>{texts.linksHeading}</h2>
        <ul className={styles.links}>
          {previewLinks(fields).map((link) => (
            <li key={link.id}>
              <a href={link.href}>{texts.links[link.id]}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section className={styles.section} aria-labelledby={`${id}-device`}>
        <h2 id={`${id}-device`}>{texts.deviceHeading}</h2>
        <PhotoPicker label={texts.photo} previewLabel={texts.photoPreview} />
        <ContactInput label={texts.contact} pickLabel={texts.pickContact} />
        <LocationButton
          texts={{
            location: texts.location,
            locating: texts.locating,
            coordinates: (latitude, longitude) => interpolate(texts.coordinates, { latitude, longitude }),
            unsupported: texts.locationUnsupported,
            error: (message) => interpolate(texts.locationError, { message }),
          }}
        />
      </section>
    </Page>
  );
}
