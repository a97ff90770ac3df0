/** The complaint desk's calls: queue, one complaint, templates, assign, reply, close and reopen. */
import type {
  ComplaintQueueFilter,
  ComplaintView,
  OperatorListItem,
  OrderLedgerView,
  ProblemTypeView,
  QueuePage,
  TemplateView,
} from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryOf } from '../../shared/api-client';

export const useProblemTypes = () =>
  useQuery({ queryKey: ['problem-types'], queryFn: () => api<ProblemTypeView[]>('GET', '/problem-types') });

export const useQueue = (filter: ComplaintQueueFilter) =>
  useQuery({
    queryKey: ['queue', filter],
    queryFn: () => api<QueuePage>('GET', `/complaints${queryOf(filter as Record<string, string | number | undefined>)}`),
  });

export const useComplaint = (id: number) =>
  useQuery({ queryKey: ['complaint', id], queryFn: () => api<ComplaintView>('GET', `/complaints/${id}`) });

export const useOrderLedger = (id: number) =>
  useQuery({ queryKey: ['complaint', id, 'ledger'], queryFn: () => api<OrderLedgerView>('GET', `/complaints/${id}/ledger`) });

export const useTemplates = (problemType?: number) =>
  useQuery({ queryKey: ['templates', problemType], queryFn: () => api<TemplateView[]>('GET', `/templates${queryOf({ problemType })}`) });

export const useOperators = (enabled: boolean) =>
  useQuery({ queryKey: ['operators'], queryFn: () => api<OperatorListItem[]>('GET', '/operators'), enabled });

/** Every desk change refreshes the complaint and the queue. */
const useDeskMutation = <V>(id: number, run: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['complaint', id] }),
        queryClient.invalidateQueries({ queryKey: ['queue'] }),
      ]);
    },
  });
};

export const useAssign = (id: number) =>
  useDeskMutation(id, (operatorId: number | null) => api('POST', `/complaints/${id}/assign`, { operatorId }));

export const useReply = (id: number) =>
  useDeskMutation(id, (reply: { text: string; templateId: number | null; images: File[] }) => {
    const form = new FormData();
    form.set('text', reply.text);
    if (reply.templateId !== null) form.set('templateId', String(reply.templateId));
    for (const image of reply.images) form.append('image', image);
    return api('POST', `/complaints/${id}/reply`, form);
  });

export const useSetClosed = (id: number) =>
  useDeskMutation(id, (closed: boolean) => api('POST', `/complaints/${id}/${closed ? 'close' : 'reopen'}`));
