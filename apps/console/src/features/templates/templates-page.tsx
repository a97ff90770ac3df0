/** Reply templates per problem type, in both languages; supervisors add, change and retire them. */
import { Permission, type TemplateView } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../shared/api-client';
import { useSession } from '../../shared/session';
import { ErrorLine, Page } from '../../shared/ui';
import { useProblemTypes } from '../complaints/api';

type Draft = Omit<TemplateView, 'id'> & { id: number | null };
const EMPTY: Draft = { id: null, problemType: 2, name: '', bodyEn: '', bodyId: '', retired: false };

export const TemplatesPage = () => {
  const { can } = useSession();
  const writes = can(Permission.TemplatesWrite);
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['templates', 'all'], queryFn: () => api<TemplateView[]>('GET', '/templates') });
  const types = useProblemTypes();
  const topTypes = (types.data ?? []).filter((type) => type.parentValue === 0);
  const typeTitle = (value: number) => topTypes.find((type) => type.value === value)?.titleEn ?? String(value);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const save = useMutation({
    mutationFn: ({ id, ...body }: Draft) => (id === null ? api('POST', '/templates', body) : api('PUT', `/templates/${id}`, body)),
    onSuccess: async () => {
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };

  return (
    <Page title="Reply templates">
      <ErrorLine error={templates.error} />
      <table className="grid">
        <caption>Templates per problem type; the borrower's market picks the language</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">English</th>
            <th scope="col">Indonesian</th>
            <th scope="col">State</th>
            {writes && <th scope="col">Change</th>}
          </tr>
        </thead>
        <tbody>
          {(templates.data ?? []).map((template) => (
            <tr key={template.id}>
              <td>{typeTitle(template.problemType)}</td>
              <td>{template.name}</td>
              <td className="detail-cell">{template.bodyEn}</td>
              <td className="detail-cell">{template.bodyId}</td>
              <td>{template.retired ? 'Retired' : 'In use'}</td>
              {writes && (
                <td>
                  <button type="button" onClick={() => setDraft(template)}>
                    Edit {template.name}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {writes && (
        <form className="stack card narrow" onSubmit={submit} aria-label="Template">
          <h2>{draft.id === null ? 'New template' : `Edit template #${draft.id}`}</h2>
          <label>
            Problem type
            <select value={draft.problemType} onChange={(event) => setDraft({ ...draft, problemType: Number(event.target.value) })}>
              {topTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.titleEn}
                </option>
              ))}
            </select>
          </label>
          <label>
            Name
            <input value={draft.name} maxLength={80} required onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          </label>
          <label>
            English text
            <textarea
              value={draft.bodyEn}
              maxLength={2000}
              rows={4}
              required
              onChange={(event) => setDraft({ ...draft, bodyEn: event.target.value })}
            />
          </label>
          <label>
            Indonesian text
            <textarea
              value={draft.bodyId}
              maxLength={2000}
              rows={4}
              required
              onChange={(event) => setDraft({ ...draft, bodyId: event.target.value })}
            />
          </label>
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
