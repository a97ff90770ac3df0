/**
 * The recommended-products catalogue (issue 31 item 3, decision 167): the scenes pages ask for, each
 * with the module id its lists and applications report (spec §9), and the partner products shown in
 * them with their button status (spec §3). Risk and admins change them; supervisors read. The server
 * names each rule a change breaks; borrowers see a change at their next list.
 */
import { type CatalogueProductView, Permission, type RecommendSceneView } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { EditForm } from '@/shared/edit-form';
import { MARKET_LABEL } from '@/shared/format';
import { MarketField, SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, editColumn, Table } from '@/shared/table';
import { TextField } from '@/shared/text-field';
import { ErrorLine, Page } from '@/shared/ui';
import { type CatalogueProductBody, useCatalogue, useSaveCatalogueProduct, useSaveScene } from './api/catalogue';
import { ProductsNav } from './products-nav';

type Market = 'IN' | 'ID';

const MODULE_LABEL: Record<number, string> = {
  300: '300 · other scenes',
  301: '301 · precise (banner, popup)',
  302: '302 · bag',
};

interface SceneDraft {
  isNew: boolean;
  scene: string;
  moduleId: string;
  description: string;
}

const NEW_SCENE: SceneDraft = { isNew: true, scene: '', moduleId: '300', description: '' };

/** the form's draft of a catalogue product: the view's fields, with its numbers and tags as the inputs hold them */
interface ProductDraft extends Omit<CatalogueProductView, 'id' | 'market' | 'tags' | 'buttonStatus' | 'sortOrder'> {
  id: number | null;
  market: Market;
  /** comma-separated */
  tags: string;
  buttonStatus: string;
  sortOrder: string;
}

const NEW_PRODUCT: ProductDraft = {
  id: null,
  market: 'IN',
  code: '',
  name: '',
  logoUrl: '',
  amountRange: '',
  amountRangeDes: 'Loan amount',
  loanRate: '',
  description: '',
  tags: '',
  buttonText: 'Apply',
  buttonStatus: '1',
  target: 'https://',
  scenes: ['relevant'],
  sortOrder: '0',
  active: true,
};

/** A new product's texts in its market's language (the catalogue's rows are each market's own). */
const MARKET_WORDS: Record<Market, Pick<ProductDraft, 'amountRangeDes' | 'buttonText'>> = {
  IN: { amountRangeDes: 'Loan amount', buttonText: 'Apply' },
  ID: { amountRangeDes: 'Jumlah pinjaman', buttonText: 'Ajukan' },
};

const draftOf = (product: CatalogueProductView): ProductDraft => ({
  ...product,
  tags: product.tags.join(', '),
  buttonStatus: String(product.buttonStatus),
  sortOrder: String(product.sortOrder),
});

const bodyOf = (draft: ProductDraft): CatalogueProductBody => ({
  market: draft.market,
  code: draft.code,
  name: draft.name,
  logoUrl: draft.logoUrl,
  amountRange: draft.amountRange,
  amountRangeDes: draft.amountRangeDes,
  loanRate: draft.loanRate,
  description: draft.description,
  tags: draft.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== ''),
  buttonText: draft.buttonText,
  buttonStatus: Number(draft.buttonStatus),
  target: draft.target,
  scenes: draft.scenes,
  sortOrder: Math.round(Number(draft.sortOrder)),
  active: draft.active,
});

const SCENE_COLUMNS: Column<RecommendSceneView>[] = [
  { header: 'Scene', cell: (scene) => <span className="mono">{scene.scene}</span> },
  { header: 'Module id', cell: (scene) => MODULE_LABEL[scene.moduleId] ?? String(scene.moduleId) },
  { header: 'Description', cell: (scene) => scene.description },
  { header: 'Products', cell: (scene) => scene.products },
];

/** The scenes, each with an Edit button for those who change them. */
const Scenes = ({ scenes, onEdit }: { scenes: readonly RecommendSceneView[]; onEdit?: (scene: RecommendSceneView) => void }) => (
  <Table
    className="grid"
    caption="Scenes: where pages show recommended products, and the module id each reports (spec §9)"
    columns={onEdit ? [...SCENE_COLUMNS, editColumn((scene) => `scene ${scene.scene}`, onEdit)] : SCENE_COLUMNS}
    rows={scenes}
    rowKey={(scene) => scene.scene}
  />
);

const SceneForm = ({ scenes }: { scenes: readonly RecommendSceneView[] }) => {
  const [draft, setDraft] = useState<SceneDraft>(NEW_SCENE);
  const save = useSaveScene(() => setDraft(NEW_SCENE));
  return (
    <>
      <Scenes
        scenes={scenes}
        onEdit={(scene) => setDraft({ isNew: false, scene: scene.scene, moduleId: String(scene.moduleId), description: scene.description })}
      />
      <EditForm
        label="Scene"
        title={draft.isNew ? 'New scene' : `Edit scene ${draft.scene}`}
        save={save}
        saveLabel="Save scene"
        onSave={() =>
          save.mutate({ scene: draft.scene.trim(), body: { moduleId: Number(draft.moduleId), description: draft.description } })
        }
        onCancel={draft.isNew ? undefined : () => setDraft(NEW_SCENE)}
      >
        <TextField
          label="Scene"
          value={draft.scene}
          disabled={!draft.isNew}
          pattern="[a-z0-9][a-z0-9_\-]{0,39}"
          title="lowercase letters, digits, _ and -, 1 to 40"
          onChange={(scene) => setDraft({ ...draft, scene })}
          hint="as pages send it, e.g. home_carousel"
        />
        <SelectField
          label="Module id"
          value={draft.moduleId}
          onChange={(moduleId) => setDraft({ ...draft, moduleId })}
          choices={Object.entries(MODULE_LABEL).map(([value, label]) => ({ value, label }))}
        />
        <TextField
          label="Description"
          value={draft.description}
          maxLength={200}
          required={false}
          onChange={(description) => setDraft({ ...draft, description })}
        />
      </EditForm>
    </>
  );
};

const ProductForm = ({
  draft,
  setDraft,
  scenes,
}: {
  draft: ProductDraft;
  setDraft: (draft: ProductDraft) => void;
  scenes: readonly RecommendSceneView[];
}) => {
  const save = useSaveCatalogueProduct(() => setDraft(NEW_PRODUCT));
  const set = (fields: Partial<ProductDraft>) => setDraft({ ...draft, ...fields });
  const toggleScene = (scene: string, on: boolean) =>
    set({ scenes: on ? [...draft.scenes, scene] : draft.scenes.filter((chosen) => chosen !== scene) });
  return (
    <EditForm
      label="Recommended product"
      title={draft.id === null ? 'New recommended product' : `Edit recommended product ${draft.code}`}
      save={save}
      saveLabel="Save recommended product"
      onSave={() => save.mutate({ id: draft.id, body: bodyOf(draft) })}
      onCancel={draft.id === null ? undefined : () => setDraft(NEW_PRODUCT)}
    >
      <MarketField
        value={draft.market}
        disabled={draft.id !== null}
        onChange={(market = 'IN') => set({ market, ...MARKET_WORDS[market] })}
      />
      <TextField
        label="Code"
        value={draft.code}
        disabled={draft.id !== null}
        pattern="[A-Z0-9][A-Z0-9\-]{1,39}"
        title="capital letters, digits and hyphens, 2 to 40"
        onChange={(code) => set({ code })}
      />
      <TextField label="Name" value={draft.name} maxLength={80} onChange={(name) => set({ name })} />
      <TextField
        label="Logo"
        value={draft.logoUrl}
        maxLength={300}
        onChange={(logoUrl) => set({ logoUrl })}
        hint="/logos/… or an https:// address"
      />
      <TextField label="Amount range" value={draft.amountRange} maxLength={80} onChange={(amountRange) => set({ amountRange })} />
      <TextField
        label="Range description"
        value={draft.amountRangeDes}
        maxLength={80}
        onChange={(amountRangeDes) => set({ amountRangeDes })}
      />
      <TextField label="Rate" value={draft.loanRate} maxLength={80} onChange={(loanRate) => set({ loanRate })} />
      <TextField
        label="Description"
        value={draft.description}
        maxLength={200}
        required={false}
        onChange={(description) => set({ description })}
      />
      <TextField label="Tags (comma-separated)" value={draft.tags} maxLength={160} required={false} onChange={(tags) => set({ tags })} />
      <TextField label="Button text" value={draft.buttonText} maxLength={40} onChange={(buttonText) => set({ buttonText })} />
      <SelectField
        label="Button status"
        value={draft.buttonStatus}
        onChange={(buttonStatus) => set({ buttonStatus })}
        choices={[
          { value: '1', label: '1 · active: the borrower may apply' },
          { value: '0', label: '0 · disabled: grey, nothing opens' },
        ]}
      />
      <TextField
        label="Target"
        value={draft.target}
        maxLength={300}
        onChange={(target) => set({ target })}
        hint="an https:// address the page opens, or kilat://… for the app"
      />
      <fieldset>
        <legend>Scenes</legend>
        {scenes.map((scene) => (
          <label key={scene.scene} className="inline">
            <input
              type="checkbox"
              checked={draft.scenes.includes(scene.scene)}
              onChange={(event) => toggleScene(scene.scene, event.target.checked)}
            />
            {scene.scene} ({scene.moduleId})
          </label>
        ))}
      </fieldset>
      <label>
        Order in its lists
        <input
          type="number"
          min={0}
          max={1000}
          value={draft.sortOrder}
          required
          onChange={(event) => set({ sortOrder: event.target.value })}
        />
      </label>
      <label className="inline">
        <input type="checkbox" checked={draft.active} onChange={(event) => set({ active: event.target.checked })} />
        Shown in its scenes
      </label>
    </EditForm>
  );
};

export const CataloguePage = () => {
  const { can } = useSession();
  const writes = can(Permission.ProductsWrite);
  const catalogue = useCatalogue();
  const [draft, setDraft] = useState<ProductDraft>(NEW_PRODUCT);
  const scenes = catalogue.data?.scenes ?? [];
  const edit = editColumn(
    (product: CatalogueProductView) => product.code,
    (product) => setDraft(draftOf(product)),
  );

  return (
    <Page title="Recommended products">
      <ProductsNav />
      <ErrorLine error={catalogue.error} />
      {writes ? <SceneForm scenes={scenes} /> : <Scenes scenes={scenes} />}
      <Table
        className="grid"
        caption="Partner products of both markets, in their market's language; borrowers see a change at their next list"
        columns={[
          { header: 'Market', cell: (product) => MARKET_LABEL[product.market] },
          { header: 'Code', cell: (product) => product.code },
          { header: 'Name', cell: (product) => product.name },
          { header: 'Scenes', cell: (product) => product.scenes.join(', ') || 'None' },
          {
            header: 'Button',
            cell: (product) => `${product.buttonText} · ${product.buttonStatus === 1 ? 'active (1)' : 'disabled (0)'}`,
          },
          { header: 'Shown', cell: (product) => (product.active ? 'Shown' : 'Hidden') },
          ...(writes ? [edit] : []),
        ]}
        rows={catalogue.data?.products ?? []}
        rowKey={(product) => product.id}
      />
      {writes && <ProductForm draft={draft} setDraft={setDraft} scenes={scenes} />}
    </Page>
  );
};
