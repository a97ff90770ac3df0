/**
 * The promotion landing templates (issue 31 item 3, decision 167): the page each channel's link
 * opens, with its texts in the market's language, images, colours, agreements and download address.
 * Risk and admins change them; supervisors read. The server names each rule a change breaks (colours
 * and their contrast, safe addresses); the next visitor of the link reads the change.
 */
import { type LandingTemplateView, Permission } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { EditForm } from '@/shared/edit-form';
import { MARKET_LABEL } from '@/shared/format';
import { MarketField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { editColumn, Table } from '@/shared/table';
import { TextField } from '@/shared/text-field';
import { ErrorLine, Page } from '@/shared/ui';
import { type LandingTemplateBody, useLandingTemplates, useSaveLandingTemplate } from './api/catalogue';
import { ProductsNav } from './products-nav';

type Market = 'IN' | 'ID';

interface Draft {
  isNew: boolean;
  id: string;
  market: Market;
  channel: string;
  title: string;
  subtitle: string;
  /** one address a line */
  images: string;
  backgroundColor: string;
  textColor: string;
  buttonColor: string;
  buttonText: string;
  /** one agreement a line: title | address */
  agreements: string;
  downloadUrl: string;
  active: boolean;
}

/** A new template's button and agreements in its market's language (its visitors read only that one). */
const MARKET_WORDS: Record<Market, Pick<Draft, 'buttonText' | 'agreements'>> = {
  IN: { buttonText: 'Apply', agreements: 'Privacy Policy | /privacyPolicy\nLoan Terms And Conditions | /loanTerms' },
  ID: { buttonText: 'Ajukan', agreements: 'Kebijakan Privasi | /privacyPolicy\nSyarat dan Ketentuan Pinjaman | /loanTerms' },
};

const NEW_TEMPLATE: Draft = {
  isNew: true,
  id: '',
  market: 'IN',
  channel: '',
  title: '',
  subtitle: '',
  images: '/banners/fast-loan.svg',
  backgroundColor: '#ffd21f',
  textColor: '#1f1f1f',
  buttonColor: '#1f9d55',
  ...MARKET_WORDS.IN,
  downloadUrl: '',
  active: true,
};

const draftOf = (template: LandingTemplateView): Draft => ({
  ...template,
  isNew: false,
  images: template.images.join('\n'),
  agreements: template.agreements.map((agreement) => `${agreement.title} | ${agreement.url}`).join('\n'),
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const bodyOf = (draft: Draft): LandingTemplateBody => ({
  id: draft.id.trim(),
  market: draft.market,
  channel: draft.channel.trim(),
  title: draft.title,
  subtitle: draft.subtitle,
  images: lines(draft.images),
  backgroundColor: draft.backgroundColor,
  textColor: draft.textColor,
  buttonColor: draft.buttonColor,
  buttonText: draft.buttonText,
  agreements: lines(draft.agreements).map((line) => {
    const at = line.lastIndexOf('|');
    return at < 0 ? { title: line, url: '' } : { title: line.slice(0, at).trim(), url: line.slice(at + 1).trim() };
  }),
  downloadUrl: draft.downloadUrl,
  active: draft.active,
});

export const LandingTemplatesPage = () => {
  const { can } = useSession();
  const writes = can(Permission.ProductsWrite);
  const templates = useLandingTemplates();
  const [draft, setDraft] = useState<Draft>(NEW_TEMPLATE);
  const save = useSaveLandingTemplate(() => setDraft(NEW_TEMPLATE));
  const set = (fields: Partial<Draft>) => setDraft({ ...draft, ...fields });
  const edit = editColumn(
    (template: LandingTemplateView) => template.id,
    (template) => setDraft(draftOf(template)),
  );

  return (
    <Page title="Landing templates">
      <ProductsNav />
      <ErrorLine error={templates.error} />
      <Table
        className="grid"
        caption="Promotion landing pages by the id their links carry; the next visitor reads a change"
        columns={[
          { header: 'Id', cell: (template) => <span className="mono">{template.id}</span> },
          { header: 'Market', cell: (template) => MARKET_LABEL[template.market] },
          { header: 'Channel', cell: (template) => template.channel },
          { header: 'Title', className: 'detail-cell', cell: (template) => template.title },
          { header: 'Colours', cell: (template) => `${template.backgroundColor} / ${template.textColor} / ${template.buttonColor}` },
          { header: 'Images', cell: (template) => template.images.length },
          { header: 'State', cell: (template) => (template.active ? 'Live' : 'Off') },
          ...(writes ? [edit] : []),
        ]}
        rows={templates.data ?? []}
        rowKey={(template) => template.id}
      />
      {writes && (
        <EditForm
          label="Landing template"
          title={draft.isNew ? 'New landing template' : `Edit landing template ${draft.id}`}
          save={save}
          saveLabel="Save landing template"
          onSave={() => save.mutate({ isNew: draft.isNew, body: bodyOf(draft) })}
          onCancel={draft.isNew ? undefined : () => setDraft(NEW_TEMPLATE)}
        >
          <TextField
            label="Id"
            value={draft.id}
            maxLength={64}
            disabled={!draft.isNew}
            onChange={(id) => set({ id })}
            hint="what the channel's links carry, e.g. IN-FB-02"
          />
          <MarketField
            value={draft.market}
            disabled={!draft.isNew}
            onChange={(market = 'IN') => set({ market, ...MARKET_WORDS[market] })}
          />
          <TextField
            label="Channel"
            value={draft.channel}
            maxLength={40}
            onChange={(channel) => set({ channel })}
            hint="user_from, e.g. facebook"
          />
          <TextField
            label="Title"
            value={draft.title}
            maxLength={120}
            onChange={(title) => set({ title })}
            hint="in the market's language"
          />
          <TextField label="Subtitle" value={draft.subtitle} maxLength={300} required={false} onChange={(subtitle) => set({ subtitle })} />
          <label>
            Images (one address a line, top to bottom)
            <textarea value={draft.images} rows={3} onChange={(event) => set({ images: event.target.value })} />
          </label>
          <TextField
            label="Background colour"
            value={draft.backgroundColor}
            maxLength={20}
            onChange={(backgroundColor) => set({ backgroundColor })}
          />
          <TextField
            label="Text colour"
            value={draft.textColor}
            maxLength={20}
            onChange={(textColor) => set({ textColor })}
            hint="reads on the background at 4.5:1 or more (WCAG AA)"
          />
          <TextField label="Button colour" value={draft.buttonColor} maxLength={20} onChange={(buttonColor) => set({ buttonColor })} />
          <TextField label="Button text" value={draft.buttonText} maxLength={40} onChange={(buttonText) => set({ buttonText })} />
          <label>
            Agreements (one a line: title | address)
            <textarea value={draft.agreements} rows={3} onChange={(event) => set({ agreements: event.target.value })} />
          </label>
          <TextField
            label="Download address"
            value={draft.downloadUrl}
            maxLength={300}
            required={false}
            onChange={(downloadUrl) => set({ downloadUrl })}
            hint="an https:// app store page; empty for the market's store"
          />
          <label className="inline">
            <input type="checkbox" checked={draft.active} onChange={(event) => set({ active: event.target.checked })} />
            Live: its links open it
          </label>
        </EditForm>
      )}
    </Page>
  );
};
