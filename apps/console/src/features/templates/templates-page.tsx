/** Reply templates per problem type, in both languages; supervisors add, change and retire them. */
import { Permission, type TemplateView } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { useProblemTypes } from '@/shared/api/get-problem-types';
import { useTemplates } from '@/shared/api/get-templates';
import { EditForm } from '@/shared/edit-form';
import { SelectField } from '@/shared/select-field';
import { useSession } from '@/shared/session';
import { editColumn, Table } from '@/shared/table';
import { TextField } from '@/shared/text-field';
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
  const edit = editColumn((template: TemplateView) => template.name, setDraft);

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
          ...(writes ? [edit] : []),
        ]}
        rows={templates.data ?? []}
        rowKey={(template) => template.id}
      />
      {writes && (
        <EditForm
          label="Template"
          title={draft.id === null ? 'New template' : `Edit template #${draft.id}`}
          save={save}
          saveLabel="Save template"
          onSave={() => save.mutate(draft)}
          onCancel={draft.id === null ? undefined : () => setDraft(EMPTY)}
        >
          <SelectField
            label="Problem type"
            value={draft.problemType}
            onChange={(value) => setDraft({ ...draft, problemType: Number(value) })}
            choices={topTypes.map((type) => ({ value: type.value, label: type.titleEn }))}
          />
          <TextField label="Name" value={draft.name} maxLength={80} onChange={(name) => setDraft({ ...draft, name })} />
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
        </EditForm>
      )}
    </Page>
  );
};
