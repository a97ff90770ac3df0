/**
 * The chatbot tree editor: categories → questions (and hand-overs to support) → answers, both
 * languages, add / edit / reorder / retire; a preview as the borrower sees it; a borrower's records.
 */
import { type ChatRecordView, Permission, type QaTreeNode } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '@/shared/format';
import { useSession } from '@/shared/session';
import { type Column, Table } from '@/shared/table';
import { ErrorLine, Page } from '@/shared/ui';
import { useBorrowerRecords } from './api/get-borrower-records';
import { useTree } from './api/get-chatbot-tree';
import { useMoveNode } from './api/move-node';
import { useRetireNode } from './api/retire-node';
import { type NodeTexts, useSaveNode } from './api/save-node';

// spec §3's action types, as the tree uses them
const ACTION = { 1: 'Category', 2: 'Question', 3: 'Answer', 4: 'Hand-over to support' } as const;
type ActionType = keyof typeof ACTION;
/** What may be added under a node of each type. */
const CHILD_TYPES: Record<ActionType, ActionType[]> = { 1: [2, 4], 2: [3], 3: [], 4: [] };
const CHAT_RECORD_TYPE: Record<number, string> = { 1: 'Asked for a person', 2: 'Resolved feedback', 3: 'Rating', 4: 'Free-text question' };

interface Draft extends NodeTexts {
  id: number | null;
  parentId: number | null;
  actionType: ActionType;
}

const emptyDraft = (parentId: number | null, actionType: ActionType): Draft => ({
  id: null,
  parentId,
  actionType,
  titleEn: '',
  titleId: '',
  aliasEn: '',
  aliasId: '',
});

const NodeEditor = ({ draft, onDone }: { draft: Draft; onDone: () => void }) => {
  const save = useSaveNode();
  const [values, setValues] = useState<Draft>(draft);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save.mutateAsync(values);
    onDone();
  };
  const field = (name: keyof NodeTexts, label: string, required: boolean) => (
    <label>
      {label}
      <textarea
        rows={name.startsWith('title') ? 3 : 1}
        value={values[name]}
        required={required}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <form className="stack card" onSubmit={(event) => void submit(event).catch(() => undefined)} aria-label="Chatbot node">
      <h2>
        {draft.id === null
          ? `New ${ACTION[draft.actionType].toLowerCase()}`
          : `Edit ${ACTION[draft.actionType].toLowerCase()} #${draft.id}`}
      </h2>
      {field('titleEn', draft.actionType === 3 ? 'Answer (English)' : 'Title (English)', true)}
      {field('titleId', draft.actionType === 3 ? 'Answer (Indonesian)' : 'Title (Indonesian)', true)}
      {field('aliasEn', 'Alias: other words for it (English)', false)}
      {field('aliasId', 'Alias: other words for it (Indonesian)', false)}
      <ErrorLine error={save.error} />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          Save node
        </button>
        <button type="button" className="link-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
};

const Preview = ({ nodes }: { nodes: QaTreeNode[] }) => {
  const [english, setEnglish] = useState(true);
  const [path, setPath] = useState<QaTreeNode[]>([]);
  const live = nodes.filter((node) => !node.retired);
  const current = path.at(-1) ?? null;
  const children = live.filter((node) => node.parentId === (current?.id ?? null));
  const title = (node: QaTreeNode) => (english ? node.titleEn : node.titleId);
  return (
    <section className="card preview" aria-label="Preview">
      <h2>Preview as the borrower sees it</h2>
      <label className="inline">
        <input type="checkbox" checked={!english} onChange={(event) => setEnglish(!event.target.checked)} />
        Indonesian (id-ID)
      </label>
      {current && (
        <button type="button" className="link-button" onClick={() => setPath(path.slice(0, -1))}>
          Back
        </button>
      )}
      {current && <p className="bubble">{title(current)}</p>}
      <ul className="choices">
        {children.map((node) =>
          node.actionType === 3 ? (
            <li key={node.id} className="bubble answer">
              {title(node)}
            </li>
          ) : (
            <li key={node.id}>
              <button type="button" className="choice" onClick={() => node.actionType !== 4 && setPath([...path, node])}>
                {title(node)}
              </button>
            </li>
          ),
        )}
      </ul>
    </section>
  );
};

const recordColumns = (market: 'IN' | 'ID'): Column<ChatRecordView>[] => [
  { header: 'When', cell: (record) => formatDateTime(record.createdAt, market) },
  { header: 'Type', cell: (record) => CHAT_RECORD_TYPE[record.type] ?? record.type },
  { header: 'Question', cell: (record) => record.question || '—' },
  { header: 'Value', cell: (record) => record.value },
  { header: 'Order', cell: (record) => record.orderNo || '—' },
];

const Records = () => {
  const [borrowerId, setBorrowerId] = useState<number | null>(null);
  const records = useBorrowerRecords(borrowerId);
  return (
    <section className="card" aria-label="Chatbot records">
      <h2>A borrower's chatbot records</h2>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          const value = Number(new FormData(event.currentTarget).get('borrowerId'));
          setBorrowerId(Number.isInteger(value) && value > 0 ? value : null);
        }}
      >
        <label>
          Borrower id
          <input name="borrowerId" inputMode="numeric" required />
        </label>
        <button type="submit">Show records</button>
      </form>
      <ErrorLine error={records.error} />
      {records.data && (
        <Table
          className="grid"
          caption={
            <>
              {records.data.borrower.name || `Borrower ${records.data.borrower.id}`} · {records.data.borrower.phone} ·{' '}
              {records.data.records.length} records
            </>
          }
          columns={recordColumns(records.data.borrower.market)}
          rows={records.data.records}
          rowKey={(record) => record.id}
        />
      )}
    </section>
  );
};

export const ChatbotPage = () => {
  const { can } = useSession();
  const writes = can(Permission.ChatbotWrite);
  const tree = useTree();
  const move = useMoveNode();
  const retire = useRetireNode();
  const [draft, setDraft] = useState<Draft | null>(null);
  const nodes = tree.data ?? [];

  const branch = (parentId: number | null, depth: number) => {
    const siblings = nodes.filter((node) => node.parentId === parentId);
    if (siblings.length === 0) return null;
    return (
      <ol className={`tree depth-${depth}`}>
        {siblings.map((node, index) => (
          <li key={node.id} className={node.retired ? 'retired' : ''}>
            <div className="node">
              <span className="badge">{ACTION[node.actionType as ActionType]}</span>
              <span className="node-title">
                {node.titleEn}
                <span className="muted"> / {node.titleId}</span>
              </span>
              {node.retired && <span className="badge flag">Retired</span>}
              {writes && (
                <span className="node-actions">
                  <button type="button" className="small" onClick={() => setDraft({ ...node, actionType: node.actionType as ActionType })}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="small"
                    disabled={index === 0}
                    onClick={() => move.mutate({ id: node.id, direction: 'up' })}
                    aria-label={`Move ${node.titleEn} up`}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className="small"
                    disabled={index === siblings.length - 1}
                    onClick={() => move.mutate({ id: node.id, direction: 'down' })}
                    aria-label={`Move ${node.titleEn} down`}
                  >
                    Down
                  </button>
                  <button type="button" className="small" onClick={() => retire.mutate({ id: node.id, retired: !node.retired })}>
                    {node.retired ? 'Restore' : 'Retire'}
                  </button>
                  {!node.retired &&
                    CHILD_TYPES[node.actionType as ActionType].map((type) => (
                      <button key={type} type="button" className="small" onClick={() => setDraft(emptyDraft(node.id, type))}>
                        Add {ACTION[type].toLowerCase()}
                      </button>
                    ))}
                </span>
              )}
            </div>
            {branch(node.id, depth + 1)}
          </li>
        ))}
      </ol>
    );
  };

  return (
    <Page
      title="Chatbot"
      actions={
        writes && (
          <button type="button" onClick={() => setDraft(emptyDraft(null, 1))}>
            Add category
          </button>
        )
      }
    >
      <ErrorLine error={tree.error ?? move.error ?? retire.error} />
      <div className="two-columns">
        <section className="card" aria-label="Question tree">
          <h2>Question tree</h2>
          {branch(null, 0)}
        </section>
        <div className="stack">
          {draft && <NodeEditor key={`${draft.id}-${draft.parentId}-${draft.actionType}`} draft={draft} onDone={() => setDraft(null)} />}
          <Preview nodes={nodes} />
        </div>
      </div>
      <Records />
    </Page>
  );
};
