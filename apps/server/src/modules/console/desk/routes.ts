/** The desk room (issues 12 and 18): the complaint queue and replies, reply templates, and the chatbot editor with a borrower's chatbot records. */
import { isStorableText, Limits } from '@kilat/contract';
import {
  AssignRequestSchema,
  ComplaintQueueQuerySchema,
  ExtendDeadlineRequestSchema,
  IdParamsSchema,
  QaNodeCreateSchema,
  QaNodeMoveSchema,
  QaNodeUpdateSchema,
  REPLY_IMAGE_FIELD,
  TemplateQuerySchema,
  TemplateRequestSchema,
} from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withFileUploads } from '../../../http/file-uploads.js';
import type { ConsoleRoom } from '../shared/api.js';
import { ConsoleError } from '../shared/console-error.js';
import type { ChatbotEditor } from './chatbot-editor.js';
import type { DeskService } from './desk-service.js';

export const deskRoom =
  (deps: { desk: DeskService; chatbot: ChatbotEditor }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get('/problem-types', { schema: doc('Problem types and sub-types'), onRequest: guard('complaints.read') }, async () =>
      ok(await deps.desk.problemTypes()),
    );
    routes.get(
      '/complaints',
      {
        schema: { ...doc('The complaint queue, oldest first, with its SLA clock'), querystring: ComplaintQueueQuerySchema },
        onRequest: guard('complaints.read'),
      },
      async (request) => ok(await deps.desk.queue(actor(request), request.query)),
    );
    routes.get(
      '/complaints/:id',
      {
        schema: { ...doc('One complaint with its replies, the order and the chat history'), params: IdParamsSchema },
        onRequest: guard('complaints.read'),
      },
      async (request) => ok(await deps.desk.complaint(actor(request), request.params.id)),
    );
    routes.get(
      '/complaints/:id/ledger',
      {
        schema: {
          ...doc("The complaint's order ledger, replayed: each row's allocation and what is owed by period"),
          params: IdParamsSchema,
        },
        onRequest: guard('complaints.read'),
      },
      async (request) => ok(await deps.desk.ledger(actor(request), request.params.id)),
    );

    routes.post(
      '/complaints/:id/assign',
      {
        schema: { ...doc('Assign (or, operatorId null, unassign) a complaint'), params: IdParamsSchema, body: AssignRequestSchema },
        onRequest: guard('complaints.take'),
      },
      async (request) => {
        await deps.desk.assign(actor(request), request.params.id, request.body.operatorId);
        return ok(null);
      },
    );
    // the one console route that takes files, where multipart bodies are parsed (decision 169)
    void withFileUploads(scope, (files) =>
      files.withTypeProvider<ZodTypeProvider>().post(
        '/complaints/:id/reply',
        {
          schema: {
            ...doc(
              `Reply with text (field text, optional templateId) and up to ${Limits.complaintImagesMax} images (file parts named ${REPLY_IMAGE_FIELD})`,
            ),
            params: IdParamsSchema,
            consumes: ['multipart/form-data'],
          },
          onRequest: guard('complaints.reply'),
        },
        async (request) => {
          if (!request.isMultipart()) throw ConsoleError.invalid('body (multipart/form-data expected)');
          let text = '';
          let templateId: number | null = null;
          const images: Buffer[] = [];
          for await (const part of request.parts({ limits: { files: Limits.complaintImagesMax + 1, fileSize: Limits.uploadMaxBytes } })) {
            if (part.type === 'file') {
              if (part.fieldname !== REPLY_IMAGE_FIELD) {
                part.file.resume();
                throw ConsoleError.invalid(part.fieldname);
              }
              images.push(await part.toBuffer());
            } else if (part.fieldname === 'text') {
              text = String(part.value);
              // a multipart field is read here, not by a schema: the storable-text check of issue 32 is made here too
              if (!isStorableText(text)) throw ConsoleError.invalid('text');
            } else if (part.fieldname === 'templateId' && String(part.value) !== '') {
              if (!/^[1-9]\d{0,15}$/.test(String(part.value))) throw ConsoleError.invalid('templateId');
              templateId = Number(part.value);
            }
          }
          return ok(await deps.desk.reply(actor(request), request.params.id, { text, images, templateId }));
        },
      ),
    );
    for (const [path, closed] of [
      ['close', true],
      ['reopen', false],
    ] as const) {
      routes.post(
        `/complaints/:id/${path}`,
        {
          schema: { ...doc(`${closed ? 'Close' : 'Reopen'} a complaint`), params: IdParamsSchema },
          onRequest: guard('complaints.reply'),
        },
        async (request) => {
          await deps.desk.setClosed(actor(request), request.params.id, closed);
          return ok(null);
        },
      );
    }

    // issue 49: Indonesia's one extension of a complaint's deadline, with the reason the borrower is told
    routes.post(
      '/complaints/:id/extend',
      {
        schema: { ...doc("Extend an Indonesian complaint's deadline once"), params: IdParamsSchema, body: ExtendDeadlineRequestSchema },
        onRequest: guard('complaints.reply'),
      },
      async (request) => ok(await deps.desk.extendDeadline(actor(request), request.params.id, request.body.reason)),
    );

    routes.get(
      '/templates',
      { schema: { ...doc('Reply templates, per problem type'), querystring: TemplateQuerySchema }, onRequest: guard('templates.read') },
      async (request) => ok(await deps.desk.templates(request.query.problemType)),
    );
    routes.post(
      '/templates',
      { schema: { ...doc('Add a reply template'), body: TemplateRequestSchema }, onRequest: guard('templates.write') },
      async (request) => ok(await deps.desk.saveTemplate(actor(request), null, request.body)),
    );
    routes.put(
      '/templates/:id',
      {
        schema: { ...doc('Change or retire a reply template'), params: IdParamsSchema, body: TemplateRequestSchema },
        onRequest: guard('templates.write'),
      },
      async (request) => ok(await deps.desk.saveTemplate(actor(request), request.params.id, request.body)),
    );

    routes.get(
      '/chatbot/nodes',
      { schema: doc('The chatbot question tree, both languages, retired nodes included'), onRequest: guard('chatbot.read') },
      async () => ok(await deps.chatbot.tree()),
    );
    routes.post(
      '/chatbot/nodes',
      {
        schema: { ...doc('Add a chatbot node at the end of its siblings'), body: QaNodeCreateSchema },
        onRequest: guard('chatbot.write'),
      },
      async (request) => ok(await deps.chatbot.create(actor(request), request.body)),
    );
    routes.put(
      '/chatbot/nodes/:id',
      {
        schema: { ...doc("Change a chatbot node's titles and aliases"), params: IdParamsSchema, body: QaNodeUpdateSchema },
        onRequest: guard('chatbot.write'),
      },
      async (request) => ok(await deps.chatbot.update(actor(request), request.params.id, request.body)),
    );
    routes.post(
      '/chatbot/nodes/:id/move',
      {
        schema: { ...doc('Move a chatbot node up or down among its siblings'), params: IdParamsSchema, body: QaNodeMoveSchema },
        onRequest: guard('chatbot.write'),
      },
      async (request) => {
        await deps.chatbot.move(actor(request), request.params.id, request.body.direction);
        return ok(null);
      },
    );
    for (const [path, retired] of [
      ['retire', true],
      ['restore', false],
    ] as const) {
      routes.post(
        `/chatbot/nodes/:id/${path}`,
        {
          schema: { ...doc(`${retired ? 'Retire' : 'Restore'} a chatbot node and everything under it`), params: IdParamsSchema },
          onRequest: guard('chatbot.write'),
        },
        async (request) => {
          await deps.chatbot.setRetired(actor(request), request.params.id, retired);
          return ok(null);
        },
      );
    }
    routes.get(
      '/borrowers/:id/chat-records',
      {
        schema: { ...doc("A borrower's chatbot records (spec §3 types 1–4)"), params: IdParamsSchema },
        onRequest: guard('chatbot.read'),
      },
      async (request) => ok(await deps.desk.borrowerChatRecords(request.params.id)),
    );
  };
