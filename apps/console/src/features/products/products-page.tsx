/**
 * Products of both markets (issue 31 item 3): risk and admins add, change, offer and retire them;
 * supervisors read. The server checks every save against the market's rules and names each one a
 * product breaks; a loan keeps the terms it was made with.
 */
import { Permission, ProductLogoLimits, type ProductView } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { EditForm } from '@/shared/edit-form';
import { MARKET_LABEL } from '@/shared/format';
import { MoneyField, toMajor, toMinor } from '@/shared/money-field';
import { MarketField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { TextField } from '@/shared/text-field';
import { ErrorLine, Page } from '@/shared/ui';
import { type ProductBody, useProducts, useSaveProduct, useSetProductActive, useUploadLogo } from './api/products';
import { ProductsNav } from './products-nav';

type Market = 'IN' | 'ID';

/** The form's fields: amounts in rupees / rupiah (`toMinor` on the wire), rates in basis points (10 bps = 0.1 %). */
interface Draft {
  id: number | null;
  market: Market;
  code: string;
  name: string;
  description: string;
  amountMin: string;
  amountMax: string;
  amountStep: string;
  termDays: string;
  /** comma-separated days */
  termOptions: string;
  periods: string;
  dailyInterestBps: string;
  serviceFeeBps: string;
  lateFeeBps: string;
  totalCostCapBps: string;
  extends: boolean;
  extensionDays: string;
  extensionFeeBps: string;
  coolingOffDays: string;
  /** India's penalty as stored (the spec's policy for a new product) */
  indiaPenalty: ProductView['pricing']['penalty'] | null;
}

/** India's late penalty of spec §9: every Indian product charges exactly this. */
const INDIA_PENALTY: ProductView['pricing']['penalty'] = {
  kind: 'india-tiered',
  flatNewClientMinor: 100_000,
  flatRepeatClientMinor: 80_000,
  tiers: [
    { fromDay: 1, bps: 500 },
    { fromDay: 31, bps: 400 },
    { fromDay: 91, bps: 200 },
  ],
};

const EMPTY: Draft = {
  id: null,
  market: 'ID',
  code: '',
  name: '',
  description: '',
  amountMin: '1000000',
  amountMax: '5000000',
  amountStep: '100000',
  termDays: '91',
  termOptions: '91, 120, 180',
  periods: '1',
  dailyInterestBps: '8',
  // with 0.08 % a day over 91 days, a 1 % fee keeps the whole cost within OJK's 0.1 % a day (decision 234)
  serviceFeeBps: '100',
  lateFeeBps: '10',
  totalCostCapBps: '10000',
  extends: true,
  extensionDays: '14',
  extensionFeeBps: '300',
  coolingOffDays: '3',
  indiaPenalty: null,
};

/** A new product's starting values per market: the standard pricing each market's rules allow. */
const MARKET_START: Record<Market, Partial<Draft>> = {
  IN: {
    amountMin: '2000',
    amountMax: '80000',
    amountStep: '500',
    dailyInterestBps: '5',
    serviceFeeBps: '300',
    totalCostCapBps: '',
    extensionFeeBps: '500',
  },
  ID: {
    amountMin: '1000000',
    amountMax: '5000000',
    dailyInterestBps: '8',
    serviceFeeBps: '100',
    totalCostCapBps: '10000',
    extensionFeeBps: '300',
  },
};

const draftOf = (product: ProductView): Draft => ({
  id: product.id,
  market: product.market,
  code: product.code,
  name: product.name,
  description: product.description,
  amountMin: String(toMajor(product.amountMinMinor)),
  amountMax: String(toMajor(product.amountMaxMinor)),
  amountStep: String(toMajor(product.amountStepMinor)),
  termDays: String(product.termDays),
  termOptions: product.termOptions.join(', '),
  periods: String(product.periods),
  dailyInterestBps: String(product.pricing.dailyInterestBps),
  serviceFeeBps: String(product.pricing.serviceFeeBps),
  lateFeeBps: product.pricing.penalty.kind === 'daily-capped' ? String(product.pricing.penalty.dailyBps) : '',
  totalCostCapBps: product.pricing.totalCostCapBps === null ? '' : String(product.pricing.totalCostCapBps),
  extends: product.pricing.extension !== null,
  extensionDays: String(product.pricing.extension?.days ?? 14),
  extensionFeeBps: String(product.pricing.extension?.feeBps ?? 300),
  coolingOffDays: String(product.pricing.coolingOffDays ?? 3),
  indiaPenalty: product.pricing.penalty.kind === 'india-tiered' ? product.pricing.penalty : null,
});

const whole = (text: string) => Math.round(Number(text));

const bodyOf = (draft: Draft): ProductBody => ({
  market: draft.market,
  code: draft.code,
  name: draft.name,
  description: draft.description,
  amountMinMinor: toMinor(draft.amountMin),
  amountMaxMinor: toMinor(draft.amountMax),
  amountStepMinor: toMinor(draft.amountStep),
  termDays: whole(draft.termDays),
  termOptions: draft.termOptions
    .split(',')
    .map((days) => days.trim())
    .filter((days) => days !== '')
    .map(whole),
  periods: whole(draft.periods),
  pricing: {
    dailyInterestBps: whole(draft.dailyInterestBps),
    serviceFeeBps: whole(draft.serviceFeeBps),
    penalty: draft.market === 'IN' ? (draft.indiaPenalty ?? INDIA_PENALTY) : { kind: 'daily-capped', dailyBps: whole(draft.lateFeeBps) },
    extension: draft.extends ? { days: whole(draft.extensionDays), feeBps: whole(draft.extensionFeeBps) } : null,
    totalCostCapBps: draft.totalCostCapBps.trim() === '' ? null : whole(draft.totalCostCapBps),
    ...(draft.market === 'IN' ? { coolingOffDays: whole(draft.coolingOffDays) } : {}),
  },
});

const money = (market: Market, minor: number) =>
  new Intl.NumberFormat(market === 'IN' ? 'en-IN' : 'id-ID', { style: 'currency', currency: market === 'IN' ? 'INR' : 'IDR' }).format(
    minor / 100,
  );
const percent = (bps: number) => `${(bps / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;

const NumberField = ({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) => (
  <label>
    {label}
    <input type="number" inputMode="decimal" value={value} required onChange={(event) => onChange(event.target.value)} />
    {hint && <span className="muted">{hint}</span>}
  </label>
);

/**
 * A product's logo (issue 47 item 10): a PNG, JPEG or WebP file the server checks by its content,
 * size and sides; borrowers then see it instead of the default.
 */
const LogoForm = ({ product }: { product: ProductView }) => {
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const upload = useUploadLogo(() => setDone(true));
  const { maxBytes, minSide, maxSide } = ProductLogoLimits;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file) upload.mutate({ id: product.id, file });
  };
  return (
    <form className="stack card narrow" aria-label={`Logo of ${product.code}`} onSubmit={submit}>
      <h2>Logo of {product.code}</h2>
      {product.logoUrl ? (
        <img className="product-logo" src={product.logoUrl} alt={`Logo of ${product.name}`} width={64} height={64} />
      ) : (
        <p className="muted">No logo: borrowers see the default.</p>
      )}
      <label>
        Logo file
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => {
            setDone(false);
            upload.reset();
            setFile(event.target.files?.[0] ?? null);
          }}
        />
        <span className="muted">
          PNG, JPEG or WebP, at most {maxBytes / 1024} KB, each side {minSide} to {maxSide} pixels
        </span>
      </label>
      <ErrorLine error={upload.error} />
      {done && <p role="status">Logo uploaded: borrowers now see it.</p>}
      <div className="actions">
        <button type="submit" disabled={!file || upload.isPending}>
          Upload logo
        </button>
      </div>
    </form>
  );
};

export const ProductsPage = () => {
  const { can } = useSession();
  const writes = can(Permission.ProductsWrite);
  const products = useProducts();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const save = useSaveProduct(() => setDraft(EMPTY));
  const setActive = useSetProductActive();
  const set = (fields: Partial<Draft>) => setDraft({ ...draft, ...fields });
  const actions: Column<ProductView> = {
    header: 'Change',
    cell: (product) => (
      <div className="actions">
        <button type="button" onClick={() => setDraft(draftOf(product))}>
          Edit {product.code}
        </button>
        <button type="button" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: product.id, active: !product.active })}>
          {product.active ? `Retire ${product.code}` : `Offer ${product.code}`}
        </button>
      </div>
    ),
  };

  return (
    <Page title="Products">
      <ProductsNav />
      <ErrorLine error={products.error ?? setActive.error} />
      <Table
        className="grid"
        caption="Products of both markets; a loan keeps the terms it was made with"
        columns={[
          { header: 'Market', cell: (product) => MARKET_LABEL[product.market] },
          { header: 'Code', cell: (product) => product.code },
          { header: 'Name', cell: (product) => product.name },
          {
            header: 'Logo',
            cell: (product) =>
              product.logoUrl ? (
                <img className="product-logo" src={product.logoUrl} alt={`Logo of ${product.name}`} width={32} height={32} />
              ) : (
                'Default'
              ),
          },
          {
            header: 'Amount',
            cell: (product) => `${money(product.market, product.amountMinMinor)} – ${money(product.market, product.amountMaxMinor)}`,
          },
          {
            header: 'Term',
            cell: (product) => `${product.termOptions.join(' / ')} days${product.periods > 1 ? `, ${product.periods} instalments` : ''}`,
          },
          { header: 'Interest a day', cell: (product) => percent(product.pricing.dailyInterestBps) },
          { header: 'Service fee', cell: (product) => percent(product.pricing.serviceFeeBps) },
          { header: 'State', cell: (product) => (product.active ? 'Offered' : 'Not offered') },
          {
            header: 'Rules broken',
            className: 'detail-cell',
            cell: (product) =>
              product.brokenRules.length === 0 ? (
                'None'
              ) : (
                <ul>
                  {product.brokenRules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              ),
          },
          ...(writes ? [actions] : []),
        ]}
        rows={products.data ?? []}
        rowKey={(product) => product.id}
      />
      {writes && (
        <EditForm
          label="Product"
          title={draft.id === null ? 'New product (not offered until you offer it)' : `Edit product ${draft.code}`}
          save={save}
          saveLabel="Save product"
          onSave={() => save.mutate({ id: draft.id, body: bodyOf(draft) })}
          onCancel={draft.id === null ? undefined : () => setDraft(EMPTY)}
        >
          <MarketField
            value={draft.market}
            disabled={draft.id !== null}
            onChange={(market = 'ID') => set({ market, ...MARKET_START[market] })}
          />
          <TextField
            label="Code"
            value={draft.code}
            disabled={draft.id !== null}
            pattern="[a-z0-9][a-z0-9\-]{1,39}"
            title="lowercase letters, digits and hyphens, 2 to 40"
            onChange={(code) => set({ code })}
          />
          <TextField label="Name" value={draft.name} maxLength={80} onChange={(name) => set({ name })} />
          <label>
            Description
            <textarea value={draft.description} maxLength={500} rows={2} onChange={(event) => set({ description: event.target.value })} />
          </label>
          <MoneyField label="Smallest amount" value={draft.amountMin} onChange={(amountMin) => set({ amountMin })} />
          <MoneyField label="Largest amount" value={draft.amountMax} onChange={(amountMax) => set({ amountMax })} />
          <MoneyField
            label="Amount step"
            value={draft.amountStep}
            onChange={(amountStep) => set({ amountStep })}
            hint="the slider's step"
          />
          <NumberField label="Term in days" value={draft.termDays} onChange={(termDays) => set({ termDays })} hint="91 to 365 (spec §9)" />
          <TextField
            label="Terms a borrower may choose (days, comma-separated)"
            value={draft.termOptions}
            pattern="\s*\d+(\s*,\s*\d+)*\s*"
            onChange={(termOptions) => set({ termOptions })}
          />
          <NumberField label="Instalments" value={draft.periods} onChange={(periods) => set({ periods })} hint="1 for a single payment" />
          <NumberField
            label="Interest a day (basis points)"
            value={draft.dailyInterestBps}
            onChange={(dailyInterestBps) => set({ dailyInterestBps })}
            hint="10 basis points = 0.1 % a day"
          />
          <NumberField
            label="Service fee (basis points of the principal)"
            value={draft.serviceFeeBps}
            onChange={(serviceFeeBps) => set({ serviceFeeBps })}
          />
          {draft.market === 'IN' ? (
            <>
              <p className="muted">
                Late penalty: India's policy of spec §9 (Rs.1,000 / Rs.800 on the first overdue day, then 5 %, 4 %, 2 % a day).
              </p>
              <NumberField
                label="Cooling-off days"
                value={draft.coolingOffDays}
                onChange={(coolingOffDays) => set({ coolingOffDays })}
                hint="stated in the key fact statement"
              />
            </>
          ) : (
            <NumberField
              label="Late fee a day (basis points)"
              value={draft.lateFeeBps}
              onChange={(lateFeeBps) => set({ lateFeeBps })}
              hint="at most 10 (OJK)"
            />
          )}
          <label>
            Total cost cap (basis points of the principal)
            <input type="number" value={draft.totalCostCapBps} onChange={(event) => set({ totalCostCapBps: event.target.value })} />
            <span className="muted">Indonesia: at most 10000 (100 %); empty for none</span>
          </label>
          <label className="inline">
            <input type="checkbox" checked={draft.extends} onChange={(event) => set({ extends: event.target.checked })} />
            Offers an extension
          </label>
          {draft.extends && (
            <>
              <NumberField label="Extension days" value={draft.extensionDays} onChange={(extensionDays) => set({ extensionDays })} />
              <NumberField
                label="Extension fee (basis points of the principal)"
                value={draft.extensionFeeBps}
                onChange={(extensionFeeBps) => set({ extensionFeeBps })}
              />
            </>
          )}
        </EditForm>
      )}
      {writes && draft.id !== null && products.data?.some((product) => product.id === draft.id) && (
        <LogoForm key={draft.id} product={products.data.find((product) => product.id === draft.id)!} />
      )}
    </Page>
  );
};
