import { interpolate, type Market, Market as Markets } from '@kilat/contract';
import { Suspense, useEffect, useId, useState } from 'react';
import { I18nProvider, useContent, useMarket } from '@/shared/i18n';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { Page, Spinner } from '@/shared/ui';
import { ContactInput } from './components/contact-input';
import { LocationButton } from './components/location-button';
import { PhotoPicker } from './components/photo-picker';
import { type DemoOrder, fetchDemoFields } from './demo-session';
import { emptyPreviewFields, type PreviewFields, previewLinks } from './preview-links';
import styles from './test-preview.module.css';
import { testPreviewTexts } from './texts';

const STORAGE_KEY = 'kilat.test-preview';
/** the demo borrower's orders and templates, kept with the fields so Back finds the picker again */
const DEMO_KEY = 'kilat.test-preview.demo';
const textFields = ['appVersion', 'deviceName', 'deviceId', 'osVersion', 'sessionId', 'gaid', 'productId', 'orderId', 'amount'] as const;

interface RememberedDemo {
  orders: DemoOrder[];
  templates: string[];
}

const rememberedDemo = (): RememberedDemo => {
  try {
    const remembered = sessionStorage.getItem(DEMO_KEY);
    if (remembered) return JSON.parse(remembered) as RememberedDemo;
  } catch {
    // unreadable memory: the next demo fill brings the orders back
  }
  return { orders: [], templates: [] };
};

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
    amount: pageParam('amount'),
  };
};

/**
 * /testPreview: the developer page that opens every page with typed device and order params
 * (spec §2). It speaks the language of the market chosen on it, whatever the address said.
 */
export default function TestPreviewPage() {
  const activeMarket = useMarket();
  const [fields, setFields] = useState(() => initialFields(activeMarket));
  return (
    <I18nProvider market={fields.market}>
      <Suspense fallback={<Spinner />}>
        <TestPreview fields={fields} setFields={setFields} />
      </Suspense>
    </I18nProvider>
  );
}

function TestPreview({
  fields,
  setFields,
}: {
  fields: PreviewFields;
  setFields: (update: (previous: PreviewFields) => PreviewFields) => void;
}) {
  const texts = useContent(testPreviewTexts);
  const id = useId();
  // true while the inputs hold an untouched demo fill
  const [demoFilled, setDemoFilled] = useState(false);
  const [demo, setDemo] = useState(rememberedDemo);
  const demoOrders = demo.orders;
  const [shouldFill, setShouldFill] = useState(() => fields.deviceId.trim() === '');

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fields));
      sessionStorage.setItem(DEMO_KEY, JSON.stringify(demo));
    } catch {
      // storage blocked: the page still works without memory
    }
  }, [fields, demo]);

  // outside production the page opens with the demo borrower; production answers 404 and stays empty
  useEffect(() => {
    if (!shouldFill) return;
    let current = true;
    fetchDemoFields(fields.market).then((fill) => {
      if (!current) return;
      setShouldFill(false);
      if (!fill) return;
      setFields((previous) => ({ ...previous, ...fill.fields }));
      setDemo({ orders: fill.orders, templates: fill.templates });
      setDemoFilled(true);
    });
    return () => {
      current = false;
    };
  }, [shouldFill, fields.market, setFields]);

  const type = (name: (typeof textFields)[number], value: string) => {
    setFields((previous) => ({ ...previous, [name]: value }));
    // what the developer types wins over a demo fill still on its way
    setShouldFill(false);
    setDemoFilled(false);
  };

  // a borrower belongs to one market: switching market switches to that market's demo borrower
  const chooseMarket = (market: Market) => {
    setFields((previous) => ({ ...previous, market }));
    setDemo({ orders: [], templates: [] });
    setShouldFill(true);
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
                setFields((previous) => ({
                  ...previous,
                  orderId: order.orderId,
                  productId: order.productId,
                  amount: String(order.amountDueMinor),
                }));
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
          {previewLinks(fields, demo.templates).map((link) => (
            <li key={`${link.id}-${link.templateId ?? ''}`}>
              <a href={link.href}>{interpolate(texts.links[link.id], { id: link.templateId ?? '' })}</a>
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
