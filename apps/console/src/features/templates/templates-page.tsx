/** Reply templates per problem type, in both languages; supervisors add, change and retire them. */
import { Permission, type TemplateView } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { useProblemTypes } from '@/shared/api/get-problem-types';
import { useTemplates } from '@/shared/api/get-templates';
import { SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { type TemplateDraft, useSaveTemplate } from './api/save-template';

const EMPTY: TemplateDraft = { id: null, problemType: 2, name: '', bodyEn: '', bodyId: '', retired: false };

/** the template's text in each language the borrowers read */
const BODIES = [
  { field: 'bodyEn', label: 'English text' },
  { field: 'bodyId', label: 'Indonesian text' },
] as const;

export const TemplatesPage = () => {
  const { can } = useSession();
  const writes = can(Permission.TemplatesWrite);
  const templates = useTemplates();
  const types = useProblemTypes();
  const topTypes = (types.data ?? []).filter((type) => type.parentValue === 0);
  const typeTitle = (value: number) => topTypes.find((type) => type.value === value)?.titleEn ?? String(value);
  const [draft, setDraft] = useState<TemplateDraft>(EMPTY);
  const save = useSaveTemplate(() => setDraft(EMPTY));
  const editColumn: Column<TemplateView> = {
    header: 'Change',
    cell: (template) => (
      <button type="button" onClick={() => setDraft(template)}>
        Edit {template.name}
      </button>
    ),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <Page title="Reply templates">
      <ErrorLine error={templates.error} />
      <Table
        className="grid"
        caption="Templates per problem type; the borrower's market picks the language"
        columns={[
          { header: 'Type', cell: (template) => typeTitle(template.problemType) },
          { header: 'Name', cell: (template) => template.name },
          { header: 'English', cell: (template) => template.bodyEn, className: 'detail-cell' },
          { header: 'Indonesian', cell: (template) => template.bodyId, className: 'detail-cell' },
          { header: 'State', cell: (template) => (template.retired ? 'Retired' : 'In use') },
          ...(writes ? [editColumn] : []),
        ]}
        rows={templates.data ?? []}
        rowKey={(template) => template.id}
      />
      {writes && (
        <form className="stack card narrow" onSubmit={submit} aria-label="Template">
          <h2>{draft.id === null ? 'New template' : `Edit template #${draft.id}`}</h2>
          <SelectField
            label="Problem type"
            value={draft.problemType}
            onChange={(value) => setDraft({ ...draft, problemType: Number(value) })}
            choices={topTypes.map((type) => ({ value: type.value, label: type.titleEn }))}
          />
          <label>
            Name
            <input value={draft.name} maxLength={80} required onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          </label>
          {BODIES.map(({ field, label }) => (
            <label key={field}>
              {label}
              <textarea
                value={draft[field]}
                maxLength={2000}
                rows={4}
                required
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              />
            </label>
          ))}
          <label className="inline">
            <input type="checkbox" checked={draft.retired} onChange={(event) => setDraft({ ...draft, retired: event.target.checked })} />
            Retired (no longer offered)
          </label>
          <ErrorLine error={save.error} />
          <div className="actions">
            <button type="submit" disabled={save.isPending}>
              Save template
            </button>
            {draft.id !== null && (
              <button type="button" className="link-button" onClick={() => setDraft(EMPTY)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </Page>
  );
};
